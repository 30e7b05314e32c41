// A visible 'Sandbox X' marker while the bundled X emulator stands in for X (GET /api/config).
import { usePublicConfig } from '@web/hooks/use-public-config';

export function SandboxMarker() {
  const { data } = usePublicConfig();
  if (!data?.sandboxX) return null;
  return (
    <div role="status" data-testid="sandbox-x-marker" className="bg-yellow-300 px-4 py-1 text-center text-xs font-semibold text-black">
      Sandbox X: X is emulated on this server; nothing is posted to the real X.
    </div>
  );
}
