import type { ReactNode } from 'react';
import '@/styles/globals.css';

// Every page has its own <html> in app/[lng]/layout.tsx, where the language is known.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
