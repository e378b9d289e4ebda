/** A description list of [term, value] pairs, each pair in its own group. */
export function FactsList({ facts, className }: { facts: [string, string][]; className: string | undefined }) {
  return (
    <dl className={className}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
