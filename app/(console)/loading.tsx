import { PageLoading } from '@/components/ui/page-loading';

/** Every console page without its own loading state: navigation shows this at once instead of freezing on the old page. */
export default PageLoading;
