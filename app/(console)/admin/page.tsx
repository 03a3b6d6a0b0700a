import { redirect } from 'next/navigation';

/** /admin by hand (the navigation links to Users) lands on the first admin tab instead of a 404; the layout checks the role. */
export default function AdminHome() {
  redirect('/admin/users');
}
