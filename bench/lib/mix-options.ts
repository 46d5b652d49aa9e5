import { count } from './args.ts';

/** What differs between the runs that send the load mix (bench/load.ts, bench/capacity.ts). */
interface MixDefaults {
  rates: string;
  step: string;
  drivers: string;
}

/** The mix's options for `parseArgs`: rates, step, the population, the seed, the built server. */
export const mixOptions = (defaults: MixDefaults) =>
  ({
    rates: { type: 'string', default: defaults.rates },
    step: { type: 'string', default: defaults.step },
    providers: { type: 'string', default: '10000' },
    drivers: { type: 'string', default: defaults.drivers },
    mechanics: { type: 'string', default: '10' },
    seed: { type: 'string', default: '42' },
    dist: { type: 'boolean', default: false },
  }) as const;

/** The help lines of `mixOptions`. */
export const mixHelp = (
  defaults: MixDefaults,
) => `  --rates <list>         request rates to step through, requests/s (default ${defaults.rates})
  --step <s>             seconds of the mix at each rate (default ${defaults.step})
  --providers <count>    synthetic approved providers besides the demo ones (default 10000)
  --drivers <count>      drivers who sign in, book and read (default ${defaults.drivers})
  --mechanics <count>    mechanics whose providers take the bookings (default 10)
  --seed <int>           seed of the data and of the mix (default 42)
  --dist                 run the built server (dist/server/main.js) instead of the sources`;

/** The mix's options read as numbers (rates ascending). */
export const readMixOptions = (args: {
  rates?: string;
  step?: string;
  providers?: string;
  drivers?: string;
  mechanics?: string;
  seed?: string;
}) => ({
  rates: (args.rates ?? '')
    .split(',')
    .map((rate) => count('rates', rate))
    .sort((a, b) => a - b),
  stepSeconds: count('step', args.step),
  providers: count('providers', args.providers),
  drivers: count('drivers', args.drivers),
  mechanics: count('mechanics', args.mechanics),
  seed: count('seed', args.seed),
});
