import { notFound } from 'next/navigation';

// Any path under a locale that no route matches gets the localized not-found page rather than the bare global one.
export default function UnknownPage() {
  notFound();
}
