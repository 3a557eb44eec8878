/** The sites a company's video link may lead to, and their subdomains (`www.`, `m.`, `player.`), as the server accepts them. */
const VIDEO_HOSTS = ['youtube.com', 'youtu.be', 'youtube-nocookie.com', 'vimeo.com'];

/** Whether `value` is blank or an http(s) address of a YouTube or Vimeo page. */
export function isVideoLink(value: string): boolean {
  const text = value.trim();
  if (text === '') return true;
  if (!/^https?:\/\/\S+$/i.test(text)) return false;
  try {
    const url = new URL(text);
    if (url.username || url.password) return false;
    const host = url.hostname.toLowerCase().replace(/\.$/, '');
    return VIDEO_HOSTS.some((site) => host === site || host.endsWith(`.${site}`));
  } catch {
    return false;
  }
}
