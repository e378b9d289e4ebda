'use client';

import { useEffect, useState } from 'react';
import styles from './install-app-button.module.css';

/** Chrome's install prompt event; not yet in TypeScript's DOM types. */
type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

/** The service worker of the installed app; browsers offer their install prompt only with one in place. */
const SERVICE_WORKER_URL = '/sw.js';

/** Offers the browser's own install dialog where the browser supports one (Chrome, Edge, Samsung Internet). */
export function InstallAppButton({ installLabel, installedLabel }: { installLabel: string; installedLabel: string }) {
  const [prompt, setPrompt] = useState<BeforeInstallPromptEvent | null>(null);
  const [installed, setInstalled] = useState(false);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => {
      setPrompt(null);
      setInstalled(true);
    };
    navigator.serviceWorker?.register(SERVICE_WORKER_URL).catch((error: unknown) => {
      // Without it the page still explains how to add the site to the home screen by hand.
      console.warn('Service worker registration failed', error);
    });
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (installed) return <p role="status">{installedLabel}</p>;
  if (!prompt) return null;

  const install = async () => {
    await prompt.prompt();
    const choice = await prompt.userChoice;
    setPrompt(null);
    if (choice.outcome === 'accepted') setInstalled(true);
  };

  return (
    <button type="button" className={styles.button} onClick={() => void install()}>
      {installLabel}
    </button>
  );
}
