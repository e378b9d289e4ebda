'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import type { ChartProps } from './chart-types';
import styles from './chart.module.css';

export type { ChartDatum, ChartProps, ChartSeries } from './chart-types';

// The drawing (recharts, SVG) loads in the browser only, after the page: the figures are in the table at once.
const ChartPlot = dynamic(() => import('./chart-plot').then((module) => module.ChartPlot), {
  ssr: false,
  loading: () => <div className={styles.placeholder} />,
});

/**
 * A chart of figures by day with the same figures as a table: the drawing is hidden from screen readers, which read
 * the table (visually hidden) instead.
 */
export function Chart({ title, kind = 'bar', data, xKey, xLabel, series, formatValue = String }: ChartProps) {
  const t = useTranslations('backOffice.chart');
  const titleId = useId();
  return (
    <figure className={styles.chart} aria-labelledby={titleId}>
      <figcaption id={titleId} className={styles.title}>
        {title}
      </figcaption>
      <div aria-hidden="true" className={styles.plot}>
        {data.length > 0 ? (
          <ChartPlot kind={kind} data={data} xKey={xKey} series={series} formatValue={formatValue} />
        ) : (
          <p className={styles.empty}>{t('empty')}</p>
        )}
      </div>
      {/* Hidden in a box, not on the table itself: a table is never narrower than its cells and would widen the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{t('tableOf', { title })}</caption>
          <thead>
            <tr>
              <th scope="col">{xLabel}</th>
              {series.map((line) => (
                <th key={line.key} scope="col">
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((datum) => (
              <tr key={String(datum[xKey])}>
                <th scope="row">{datum[xKey]}</th>
                {series.map((line) => {
                  const value = datum[line.key];
                  return <td key={line.key}>{typeof value === 'number' ? formatValue(value) : (value ?? '')}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
