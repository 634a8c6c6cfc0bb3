import { cn } from '@/lib/cn';

export function Spinner({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex flex-col items-center justify-center gap-3', className)}>
      <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-blue-200 border-t-blue-700" />
      <span className="text-sm text-gray-700">{label}</span>
    </div>
  );
}
