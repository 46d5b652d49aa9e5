import { Star } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { cn } from '../../../lib/cn.ts';
import { useRateBooking } from '../api/use-bookings.ts';

export function RateServiceDialog({
  bookingId,
  businessName,
  onClose,
}: {
  bookingId: string;
  businessName: string;
  onClose: () => void;
}) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const rate = useRateBooking();

  const submit = () =>
    rate.mutate(
      { bookingId, rating, comment: comment.trim() || undefined },
      {
        onSuccess: () => {
          toast({ title: 'Thanks for your review!', variant: 'success' });
          onClose();
        },
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Rate Service</DialogTitle>
        <DialogDescription>How did {businessName} do?</DialogDescription>
        <div role="radiogroup" aria-label="Rating" className="flex justify-center gap-1">
          {[1, 2, 3, 4, 5].map((stars) => (
            <button
              key={stars}
              type="button"
              role="radio"
              aria-checked={rating === stars}
              aria-label={`${stars} star${stars > 1 ? 's' : ''}`}
              className="rounded-lg p-1.5 focus-visible:outline-2"
              onClick={() => setRating(stars)}
            >
              <Star
                className={cn(
                  'size-9',
                  stars <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
                )}
                aria-hidden
              />
            </button>
          ))}
        </div>
        <Field label="Comment (optional)">
          {(ids) => (
            <Textarea
              {...ids}
              rows={3}
              maxLength={2000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              placeholder="What went well? What could be better?"
            />
          )}
        </Field>
        <FormError message={rate.error?.message} />
        <Button disabled={rating === 0 || rate.isPending} onClick={submit}>
          {rate.isPending ? 'Submitting...' : 'Submit Review'}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
