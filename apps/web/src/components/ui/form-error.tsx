import styles from './form.module.css';

/** A problem with the whole form, announced as soon as it appears. */
export function FormError({ message }: { message: string | null }) {
  return (
    <div role="alert" className={message ? styles.formError : undefined}>
      {message}
    </div>
  );
}
