import type { QueryClient } from '@tanstack/react-query';
import type { TeamContext } from '#core/team/schemas.ts';
import type { PublicUser } from '#core/users/schemas.ts';

/**
 * The page being opened: who opens it (null: signed out), the business a shop's account works
 * for (asked for by the app for every signed-in page of a business role; null otherwise), its
 * path's parameters and query.
 */
export interface PageOpening {
  user: PublicUser | null;
  team: Promise<TeamContext | null> | null;
  params: Record<string, string>;
  search: URLSearchParams;
}

/**
 * What a page asks the server for as it opens, asked by the app before its first render
 * (app/router.tsx `preloadPageData`) alongside the page's code: the page then renders once,
 * with its data, instead of rendering its placeholders and again when each answer arrives.
 * Each entry uses the query options of the hook the page reads, so the page finds them cached.
 */
export type PageData = (client: QueryClient, opening: PageOpening) => Promise<unknown>[];
