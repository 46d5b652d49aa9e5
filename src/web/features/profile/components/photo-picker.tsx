import type { UseMutationResult } from '@tanstack/react-query';
import { Camera, Loader2, type LucideIcon } from 'lucide-react';
import { useRef } from 'react';
import type { OwnProvider } from '#core/providers/pending-changes.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { textOf, useText } from '#web/lib/i18n.ts';
import { profileText } from '../text.ts';

/** A verified business's new photo waits for an admin (the answer lists it among the changes). */
const awaitsReview = (saved: unknown) =>
  typeof saved === 'object' &&
  saved !== null &&
  'pendingChanges' in saved &&
  Boolean((saved as OwnProvider).pendingChanges?.values.profileImage);

/** A round photo with a camera button that uploads a new one (JPEG, PNG or WebP). */
export function PhotoPicker({
  src,
  fallback: Fallback,
  label,
  upload,
  className,
}: {
  src: string | null;
  fallback: LucideIcon;
  label: string;
  upload: UseMutationResult<unknown, Error, File>;
  className?: string;
}) {
  const t = useText(profileText);
  const input = useRef<HTMLInputElement>(null);
  const choose = (file: File | undefined) => {
    if (!file) return;
    const say = textOf(profileText);
    upload.mutate(file, {
      onSuccess: (saved) =>
        toast(
          awaitsReview(saved)
            ? {
                title: say('photoSentForReview'),
                description: say('photoReviewNote'),
                variant: 'success',
              }
            : { title: say('photoUpdated'), variant: 'success' },
        ),
      onError: (error) =>
        toast({ title: say('updateFailed'), description: error.message, variant: 'destructive' }),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };
  return (
    <div className={cn('relative size-16 shrink-0', className)}>
      <span className="flex size-full items-center justify-center overflow-hidden rounded-2xl bg-primary/15 text-primary">
        {src ? (
          <img src={src} alt="" className="size-full object-cover" />
        ) : (
          <Fallback className="size-1/2" aria-hidden />
        )}
      </span>
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={upload.isPending}
        aria-label={upload.isPending ? t('uploadingPhoto') : label}
        title={label}
        className="absolute -bottom-1.5 -right-1.5 flex size-8 items-center justify-center rounded-full border-2 border-background bg-primary text-primary-foreground shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-70"
      >
        {upload.isPending ? (
          <Loader2 className="size-4 animate-spin" aria-hidden />
        ) : (
          <Camera className="size-4" aria-hidden />
        )}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => choose(event.target.files?.[0])}
      />
    </div>
  );
}
