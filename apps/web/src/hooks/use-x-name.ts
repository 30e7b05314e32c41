// What the app calls X: 'Sandbox X' when this server emulates it (nothing reaches the real X), else 'X'.
import { usePublicConfig } from '@web/hooks/use-public-config';

export function useXName(): string {
  const { data } = usePublicConfig();
  return data?.sandboxX ? 'Sandbox X' : 'X';
}
