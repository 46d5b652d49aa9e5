import { Star } from 'lucide-react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { COMMENT_MAX, STARS } from '#core/reviews/stars.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormError } from '#web/components/ui/form-error.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { textOf, useMessage, useText } from '#web/lib/i18n.ts';
import { lazyResolver } from '#web/lib/lazy-resolver.ts';
import { useRateService } from '../api/use-reviews.ts';
import { reviewsText } from '../text.ts';

type ReviewForm = { bookingId: string; rating: number; comment?: string | undefined };

const resolver = lazyResolver(() =>
  import('#core/reviews/review.ts').then((m) => m.reviewInputSchema),
);

/** Rate Service: 1 to 5 stars and an optional comment for a completed job. */
export function ReviewDialog({
  bookingId,
  businessName,
  onClose,
}: {
  bookingId: string;
  businessName: string;
  onClose: () => void;
}) {
  const t = useText(reviewsText);
  const form = useForm<ReviewForm>({
    resolver,
    defaultValues: { bookingId, rating: 0, comment: '' },
  });
  const rate = useRateService();
  const rating = useWatch({ control: form.control, name: 'rating' });

  const submit = form.handleSubmit((review) =>
    rate.mutate(
      { ...review, comment: review.comment || undefined },
      {
        onSuccess: () => {
          toast({ title: textOf(reviewsText)('thanks'), variant: 'success' });
          onClose();
        },
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{t('title')}</DialogTitle>
        <DialogDescription>{t('howDid', { name: businessName })}</DialogDescription>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <StarPicker control={form.control} />
          <Field label={t('comment')} error={form.formState.errors.comment?.message}>
            {(ids) => (
              <Textarea
                {...ids}
                rows={3}
                maxLength={COMMENT_MAX}
                placeholder={t('commentPlaceholder')}
                {...form.register('comment')}
              />
            )}
          </Field>
          <FormError message={rate.error?.message} />
          <Button type="submit" disabled={rating === 0 || rate.isPending}>
            {rate.isPending ? t('submitting') : t('submit')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Five star buttons acting as one radio group; arrow keys move between them. */
function StarPicker({ control }: { control: Control<ReviewForm> }) {
  const t = useText(reviewsText);
  const message = useMessage();
  const { field, fieldState } = useController({ control, name: 'rating' });
  const choose = (stars: number) => field.onChange(stars);
  return (
    <div className="grid gap-1.5">
      <div
        role="radiogroup"
        aria-label={t('rating')}
        aria-invalid={Boolean(fieldState.error)}
        className="flex justify-center gap-1"
        onKeyDown={(event) => {
          const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[event.key];
          if (!step) return;
          event.preventDefault();
          const next = Math.min(STARS.length, Math.max(1, (field.value || 0) + step));
          choose(next);
          event.currentTarget.querySelectorAll('button')[next - 1]?.focus();
        }}
      >
        {STARS.map((stars) => (
          <button
            key={stars}
            type="button"
            role="radio"
            aria-checked={field.value === stars}
            aria-label={t('starChoice', { count: stars })}
            tabIndex={stars === (field.value || 1) ? 0 : -1}
            className="rounded-lg p-1.5 focus-visible:outline-2"
            onClick={() => choose(stars)}
            onBlur={field.onBlur}
          >
            <Star
              className={cn(
                'size-9',
                stars <= field.value ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
              )}
              aria-hidden
            />
          </button>
        ))}
      </div>
      {fieldState.error ? (
        <p className="text-center text-sm font-medium text-destructive" role="alert">
          {message(fieldState.error.message ?? '')}
        </p>
      ) : null}
    </div>
  );
}
