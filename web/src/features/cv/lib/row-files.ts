/**
 * What each kind of CV row file takes (`POST /api/user/upload?kind=`, domain::files::UploadKind).
 * The server decides by the content; these checks only spare the upload of a file it would refuse.
 */
export type RowFileKind = 'certificate' | 'course' | 'reference' | 'portfolio';

/** The server's limit of a certificate's, course's or reference's file (domain::files::MAX_PDF_BYTES). */
export const MAX_ROW_FILE_BYTES = 10 * 1024 * 1024;
/** The server's limit of a portfolio file (domain::files::MAX_PORTFOLIO_BYTES). */
export const MAX_PORTFOLIO_FILE_BYTES = 50 * 1024 * 1024;
/** The most files of one portfolio item (domain::cvs::MAX_PORTFOLIO_FILES). */
export const MAX_PORTFOLIO_FILES = 10;

interface FileType {
  extensions: string[];
  mimeTypes: string[];
}

const PDF_OR_PICTURE: FileType[] = [
  { extensions: ['.pdf'], mimeTypes: ['application/pdf'] },
  { extensions: ['.png'], mimeTypes: ['image/png'] },
  { extensions: ['.jpg', '.jpeg'], mimeTypes: ['image/jpeg'] },
];

const PORTFOLIO: FileType[] = [
  ...PDF_OR_PICTURE,
  { extensions: ['.doc'], mimeTypes: ['application/msword'] },
  { extensions: ['.docx'], mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'] },
  { extensions: ['.ppt'], mimeTypes: ['application/vnd.ms-powerpoint'] },
  { extensions: ['.pptx'], mimeTypes: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'] },
  { extensions: ['.odt'], mimeTypes: ['application/vnd.oasis.opendocument.text'] },
  { extensions: ['.mp4', '.m4v'], mimeTypes: ['video/mp4'] },
  { extensions: ['.mov'], mimeTypes: ['video/quicktime'] },
  { extensions: ['.webm'], mimeTypes: ['video/webm', 'audio/webm'] },
  { extensions: ['.mkv'], mimeTypes: ['video/x-matroska'] },
  { extensions: ['.avi'], mimeTypes: ['video/x-msvideo', 'video/avi'] },
  { extensions: ['.ogv'], mimeTypes: ['video/ogg'] },
  { extensions: ['.mp3'], mimeTypes: ['audio/mpeg', 'audio/mp3'] },
  { extensions: ['.m4a'], mimeTypes: ['audio/mp4', 'audio/x-m4a'] },
  { extensions: ['.ogg', '.oga', '.opus'], mimeTypes: ['audio/ogg'] },
  { extensions: ['.wav'], mimeTypes: ['audio/wav', 'audio/x-wav', 'audio/wave'] },
  { extensions: ['.flac'], mimeTypes: ['audio/flac', 'audio/x-flac'] },
];

export interface RowFileRule {
  /** The file picker's `accept`. */
  accept: string;
  extensions: string[];
  mimeTypes: string[];
  maxBytes: number;
  /** How many files the row holds. */
  maxFiles: number;
  /** The i18n key (cv namespace) of the hint under the picker. */
  hintKey: string;
  /** The i18n key (cv namespace) of a file of the wrong type; the server's words. */
  wrongFileKey: string;
}

function rule(types: FileType[], maxBytes: number, maxFiles: number, name: 'document' | 'portfolio'): RowFileRule {
  const extensions = types.flatMap((type) => type.extensions);
  const mimeTypes = types.flatMap((type) => type.mimeTypes);
  return {
    accept: [...mimeTypes, ...extensions].join(','),
    extensions,
    mimeTypes,
    maxBytes,
    maxFiles,
    hintKey: `files.${name}Hint`,
    wrongFileKey: `files.${name}WrongFile`,
  };
}

const RULES: Record<RowFileKind, RowFileRule> = {
  certificate: rule(PDF_OR_PICTURE, MAX_ROW_FILE_BYTES, 1, 'document'),
  course: rule(PDF_OR_PICTURE, MAX_ROW_FILE_BYTES, 1, 'document'),
  reference: rule(PDF_OR_PICTURE, MAX_ROW_FILE_BYTES, 1, 'document'),
  portfolio: rule(PORTFOLIO, MAX_PORTFOLIO_FILE_BYTES, MAX_PORTFOLIO_FILES, 'portfolio'),
};

export function rowFileRule(kind: RowFileKind): RowFileRule {
  return RULES[kind];
}

export type RowFileProblem = 'tooLarge' | 'wrongFile';

/**
 * Why the server would refuse `file` for `kind`, judged by its name and the browser's type, or
 * null. A file is taken when either its extension or its type is one the kind takes (browsers
 * leave the type empty for many files).
 */
export function checkRowFile(kind: RowFileKind, file: Pick<File, 'name' | 'size' | 'type'>): RowFileProblem | null {
  const limits = RULES[kind];
  const name = file.name.toLowerCase();
  const dot = name.lastIndexOf('.');
  const extension = dot >= 0 ? name.slice(dot) : '';
  const type = file.type.toLowerCase().split(';')[0].trim();
  if (!limits.extensions.includes(extension) && !limits.mimeTypes.includes(type)) return 'wrongFile';
  if (file.size > limits.maxBytes) return 'tooLarge';
  return null;
}

/** The files chosen at once that still fit the row (`held` are there already), and whether some did not. */
export function filesThatFit<T>(kind: RowFileKind, held: number, chosen: T[]): { fit: T[]; overLimit: boolean } {
  const room = Math.max(0, RULES[kind].maxFiles - held);
  return { fit: chosen.slice(0, room), overLimit: chosen.length > room };
}

/** A size to read: whole KB below a megabyte, else MB with one decimal (as the CV's PDF shows). */
export function fileSizeText(bytes: number, language: string): { key: 'pdf.sizeKb' | 'pdf.size'; size: string } {
  const number = (value: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
  return bytes < 1024 * 1024
    ? { key: 'pdf.sizeKb', size: number(Math.max(1, Math.round(bytes / 1024))) }
    : { key: 'pdf.size', size: number(bytes / 1024 / 1024) };
}
