import pg from 'pg';

/**
 * libpq's `target_session_attrs` that an app server can use: `any` takes the first server that
 * answers; `read-write` and `primary` only one that is not a standby (and, for `read-write`, not
 * read-only by default).
 */
export type SessionAttrs = 'any' | 'read-write' | 'primary';
const SESSION_ATTRS: readonly SessionAttrs[] = ['any', 'read-write', 'primary'];

export interface HostPort {
  host: string;
  port: number;
}

export interface HostList {
  hosts: HostPort[];
  sessionAttrs: SessionAttrs;
  /** The URL for one of the hosts: the same user, database and settings. */
  urlFor(host: HostPort): string;
}

const URL_PARTS = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/s;
const HOST_PORT = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/;

/**
 * A PostgreSQL URL that may name several servers, as libpq reads it:
 * `postgres://user@a:5432,b:5433/db?target_session_attrs=read-write`. Node's URL parser (and pg's)
 * takes one host only, so the list is split here and each server gets a URL of its own. A URL of
 * one server (or none: a socket given by `?host=`) with no `target_session_attrs` is pg's to read,
 * whatever its form: `hosts` is then empty.
 */
export function parseHostList(url: string): HostList {
  const parts = URL_PARTS.exec(url);
  if (!parts) throw new Error('expected a postgres:// URL');
  const [, scheme, userinfo = '', hostPart = '', rest = ''] = parts;
  const queryAt = rest.indexOf('?');
  const path = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? '' : rest.slice(queryAt + 1));
  const attrs = query.get('target_session_attrs') ?? 'any';
  if (!SESSION_ATTRS.includes(attrs as SessionAttrs))
    throw new Error(`target_session_attrs must be one of ${SESSION_ATTRS.join(', ')}`);
  const routed = hostPart.includes(',') || attrs !== 'any';
  if (!routed) return { hosts: [], sessionAttrs: 'any', urlFor: () => url };
  if (query.has('host') || query.has('port'))
    throw new Error('name each server in the host list, not with host= or port=');
  query.delete('target_session_attrs');
  const hosts = hostPart.split(',').map((entry) => {
    const match = HOST_PORT.exec(entry);
    if (!match) throw new Error(`expected host[:port] in the URL's host list, got "${entry}"`);
    const port = Number(match[2] ?? 5432);
    if (port < 1 || port > 65535) throw new Error(`port out of range in "${entry}"`);
    const written = match[1]!;
    // pg's client takes the bare address: no IPv6 brackets, no percent-encoding.
    const host = written.startsWith('[') ? written.slice(1, -1) : decodeURIComponent(written);
    return { host, port };
  });
  const search = query.size > 0 ? `?${query}` : '';
  const hostInUrl = (host: string) => (host.includes(':') ? `[${host}]` : encodeURIComponent(host));
  return {
    hosts,
    sessionAttrs: attrs as SessionAttrs,
    urlFor: ({ host, port }) => `${scheme}${userinfo}${hostInUrl(host)}:${port}${path}${search}`,
  };
}

/** What a connected server said of itself at startup (PostgreSQL 14 and later report both). */
type Reported = Map<string, string>;

const UNAVAILABLE = '08001';
/** A connection the driver could not place on a suitable server: answered 503 (db/errors.ts). */
const unavailable = (message: string, cause?: unknown) =>
  Object.assign(new Error(message, { cause }), { code: UNAVAILABLE });

async function suits(client: pg.Client, reported: Reported, attrs: SessionAttrs) {
  if (attrs === 'any') return true;
  const standby =
    reported.get('in_hot_standby') ??
    ((await client.query<{ r: boolean }>('select pg_is_in_recovery() as r')).rows[0]!.r
      ? 'on'
      : 'off');
  if (standby === 'on') return false;
  if (attrs === 'primary') return true;
  const readOnly =
    reported.get('default_transaction_read_only') ??
    (await client.query<{ r: string }>('show transaction_read_only')).rows[0]!.r;
  return readOnly === 'off';
}

const remember = (client: pg.Client): Reported => {
  const reported: Reported = new Map();
  // pg keeps the server's ParameterStatus messages to itself; its connection emits them.
  (client as unknown as { connection: NodeJS.EventEmitter }).connection.on(
    'parameterStatus',
    (message: { parameterName: string; parameterValue: string }) =>
      reported.set(message.parameterName, message.parameterValue),
  );
  return reported;
};

export interface ConnectionRoute {
  /** The URL to build clients and pools from (the first server's). */
  url: string;
  /** pg's Client, or one that connects only to a server of the URL that suits it. */
  Client: typeof pg.Client;
}

/** How long a server being tried may take to accept a connection before the next is tried. */
const PROBE_TIMEOUT_MS = 2_000;
/** How long a connection to the server in use may take before another is looked for. */
const CONNECT_TIMEOUT_MS = 5_000;
/** After finding no suitable server, connections fail at once for this long before looking again. */
const QUIET_AFTER_MISS_MS = 250;

/**
 * The clients for a database URL. A URL of one server with `target_session_attrs` `any` (the
 * usual case) gets pg's own client. Otherwise each new connection goes to the server found last
 * to suit; when it refuses or no longer suits (it died, or it is a standby now), the servers are
 * tried in the URL's order, as libpq does, and the first that suits is used from then on — so
 * after a standby is promoted, the pool's and LISTEN's new connections reach it by themselves.
 * While no server suits, connecting fails with SQLSTATE 08001 (503 and Retry-After).
 */
export function connectionRoute(url: string): ConnectionRoute {
  const list = parseHostList(url);
  if (list.hosts.length === 0) return { url, Client: pg.Client };
  const first = list.urlFor(list.hosts[0]!);

  let current: HostPort | undefined;
  let search: Promise<HostPort> | undefined;
  let missedAt = -Infinity;

  const probe = async (host: HostPort) => {
    const client = new pg.Client({
      connectionString: list.urlFor(host),
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    });
    client.on('error', () => undefined);
    const reported = remember(client);
    try {
      await client.connect();
      return await suits(client, reported, list.sessionAttrs);
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const find = async (): Promise<HostPort> => {
    // All tried at once; the first in the list's order that suits wins, without waiting for a
    // later one that does not answer.
    const answers = list.hosts.map(probe);
    for (const [i, answer] of answers.entries()) if (await answer) return list.hosts[i]!;
    missedAt = performance.now();
    throw unavailable(`no server of the database URL is ${list.sessionAttrs}`);
  };
  const target = async () => {
    if (current) return current;
    if (performance.now() - missedAt < QUIET_AFTER_MISS_MS)
      throw unavailable(`no server of the database URL is ${list.sessionAttrs}`);
    search ??= find().finally(() => (search = undefined));
    return (current = await search);
  };
  const forget = (host: HostPort) => {
    if (current === host) current = undefined;
  };

  class RoutedClient extends pg.Client {
    readonly #reported = remember(this);

    constructor(config?: string | pg.ClientConfig) {
      super({
        ...(typeof config === 'string' ? {} : config),
        connectionString: first,
        // A server that vanished without refusing (a dead machine) is given up on, not waited for.
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
    }

    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error | null, client?: pg.Client) => void): void;
    override connect(
      callback?: (err: Error | null, client?: pg.Client) => void,
    ): Promise<pg.Client> | void {
      const connecting = this.#connectToSuitable().then(() => this);
      if (!callback) return connecting;
      connecting.then(
        (client) => callback(null, client),
        (error: Error) => callback(error),
      );
    }

    async #connectToSuitable() {
      const host = await target();
      // end() while the server was being looked for: pg's end() did nothing (no socket yet).
      if ((this as unknown as { _ending?: boolean })._ending)
        throw unavailable('the connection was closed before it was made');
      // pg reads the address from `host` and `port` when it connects (and for TLS's server name).
      // Its `connectionParameters` keep the first server's: nothing here reads them after this
      // (no pgpass, no cancel through a new client), and the pool's own connectionTimeoutMillis
      // must stay unset, as the wait above happens before pg's socket exists.
      this.host = host.host;
      this.port = host.port;
      try {
        await super.connect();
      } catch (error) {
        forget(host);
        throw unavailable(`could not connect to ${host.host}:${host.port}`, error);
      }
      // Nobody listens for this connection's errors until connect() returns (pg-pool adds its
      // listener then); the check may need a query.
      const ignore = () => undefined;
      this.on('error', ignore);
      try {
        if (await suits(this, this.#reported, list.sessionAttrs).catch(() => false)) return;
      } finally {
        this.off('error', ignore);
      }
      forget(host);
      await this.end().catch(() => undefined);
      throw unavailable(`${host.host}:${host.port} is no longer ${list.sessionAttrs}`);
    }
  }
  return { url: first, Client: RoutedClient as typeof pg.Client };
}
