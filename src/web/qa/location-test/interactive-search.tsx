import { LocateFixed, Loader2, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { serviceTypeLabels } from '#core/providers/catalog.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import type { SearchOutcome } from './location-checks.ts';
import {
  readSearchForm,
  searchServiceTypes,
  type SearchForm,
  type SearchFormErrors,
  type SearchParams,
} from './search.ts';
import { SelectField } from '../shared/select-field.tsx';
import { TextField } from '../shared/text-field.tsx';
import { SearchSummary } from './search-summary.tsx';

const numberFields = [
  ['latitude', 'Latitude'],
  ['longitude', 'Longitude'],
  ['radius', 'Radius (miles)'],
] as const;

const serviceTypeOptions = searchServiceTypes.map(
  (type) => [type, type === 'all' ? 'All services' : serviceTypeLabels[type]] as const,
);

export function InteractiveSearch({
  form,
  onChange,
  onSearch,
  searching,
  outcome,
}: {
  form: SearchForm;
  onChange: (form: SearchForm) => void;
  onSearch: (params: SearchParams, label: string) => void;
  searching: boolean;
  outcome: SearchOutcome | null;
}) {
  const [errors, setErrors] = useState<SearchFormErrors>({});
  const [locating, setLocating] = useState(false);
  const [located, setLocated] = useState(false);

  const set = (field: keyof SearchForm) => (value: string) => {
    onChange({ ...form, [field]: value });
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readSearchForm(form);
    if (read.errors) return setErrors(read.errors);
    onSearch(read.params, `${read.params.latitude}, ${read.params.longitude}`);
  };

  const useMyLocation = () => {
    if (!('geolocation' in navigator)) {
      toast({
        title: 'Location not supported',
        description: "Your browser doesn't support location services",
        variant: 'destructive',
      });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        toast(
          located
            ? { title: 'Location updated', description: 'Refreshing nearby providers' }
            : { title: 'Location detected', description: 'Now showing nearby service providers' },
        );
        setLocated(true);
        const next = {
          ...form,
          latitude: coords.latitude.toFixed(6),
          longitude: coords.longitude.toFixed(6),
        };
        onChange(next);
        setErrors({});
        const read = readSearchForm(next);
        if (read.params) onSearch(read.params, 'My location');
      },
      (error) => {
        setLocating(false);
        if (error.code === error.PERMISSION_DENIED)
          toast({
            title: 'Location access denied',
            description: 'Showing all available providers',
          });
        else
          toast({
            title: 'Location error',
            description: 'Unable to get your current location',
            variant: 'destructive',
          });
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 className="text-lg font-bold">Search around a point</h2>
        <p className="text-sm text-muted-foreground">
          Calls GET /api/search on the live API with latitude, longitude, radius and service type.
        </p>
      </div>
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          {numberFields.map(([field, label]) => (
            <TextField
              key={field}
              label={label}
              error={errors[field]}
              inputMode="decimal"
              value={form[field]}
              onValueChange={set(field)}
            />
          ))}
          <SelectField
            label="Service type"
            value={form.serviceType}
            options={serviceTypeOptions}
            onValueChange={(serviceType) => onChange({ ...form, serviceType })}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={searching}>
            {searching ? <Loader2 className="animate-spin" aria-hidden /> : <Search aria-hidden />}
            {searching ? 'Searching...' : 'Search'}
          </Button>
          <Button type="button" variant="outline" onClick={useMyLocation} disabled={locating}>
            {locating ? (
              <Loader2 className="animate-spin" aria-hidden />
            ) : (
              <LocateFixed aria-hidden />
            )}
            {locating ? 'Locating...' : 'Use my location'}
          </Button>
        </div>
      </form>
      <div aria-live="polite" className="grid gap-2">
        {outcome ? (
          <SearchSummary outcome={outcome} />
        ) : (
          <p className="text-sm text-muted-foreground">No search yet.</p>
        )}
      </div>
    </Card>
  );
}
