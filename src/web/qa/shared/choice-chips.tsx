import { useId } from 'react';

/** A set of radio buttons drawn as chips, under a legend; the checked one is outlined. */
export function ChoiceChips<Value extends string>({
  legend,
  value,
  choices,
  onValueChange,
  note,
}: {
  legend: string;
  value: Value;
  choices: readonly (readonly [Value, string])[];
  onValueChange: (value: Value) => void;
  /** A line under the chips, about the choice made. */
  note?: string;
}) {
  const name = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map(([choice, label]) => (
          <label
            key={choice}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border-2 px-3 has-[:checked]:border-primary"
          >
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              onChange={() => onValueChange(choice)}
              className="size-4 accent-primary"
            />
            {label}
          </label>
        ))}
      </div>
      {note && <p className="text-sm text-muted-foreground">{note}</p>}
    </fieldset>
  );
}
