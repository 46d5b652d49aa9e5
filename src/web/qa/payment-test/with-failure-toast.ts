import { toast } from '#web/components/ui/use-toast.ts';
import type { Check } from '../shared/checks.ts';

/** The same checks, each raising its test toast (`titles[id]`) when it fails. */
export function withFailureToasts<Context>(
  checks: readonly Check<Context>[],
  titles: Record<string, string>,
): Check<Context>[] {
  return checks.map((check) => ({
    ...check,
    async run(context) {
      try {
        return await check.run(context);
      } catch (error) {
        const title = titles[check.id];
        if (title)
          toast({
            title,
            description: error instanceof Error ? error.message : String(error),
            variant: 'destructive',
          });
        throw error;
      }
    },
  }));
}
