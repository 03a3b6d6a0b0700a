/** A page's query string as Next hands it to a server component. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The props of a page with a query string, and of one under a dynamic segment (`params`) too. */
export type ListPageProps = { searchParams: SearchParams };
export type DetailPageProps<P extends Record<string, string>> = { params: Promise<P>; searchParams: SearchParams };
