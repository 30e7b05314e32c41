import { Toaster } from '@web/components/ui/toaster';

export function App() {
  return (
    <>
      <div className="p-8">Riposte</div>
      <Toaster />
    </>
  );
}
