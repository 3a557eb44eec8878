import { useMediaQuery } from '@mantine/hooks';

/** 1024 px and wider (spec 1 section 9), known on the first render so a screen mounts its layout once. */
export function useDesktop(): boolean {
  return useMediaQuery('(min-width: 64em)', undefined, { getInitialValueInEffect: false }) ?? false;
}
