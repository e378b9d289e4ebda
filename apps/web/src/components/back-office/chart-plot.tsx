'use client';

import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ChartProps } from './chart-types';

/** Distinct on the light and the dark theme, and told apart without colour by the legend's order. */
const PALETTE = ['#2f6fde', '#d9480f', '#2b8a3e', '#862e9c', '#c2255c', '#0b7285'];

/**
 * The drawing of a Chart (recharts); loaded on its own, in the browser. Its keyboard layer is off: the drawing is
 * hidden from assistive technology (the Chart's table carries the figures), so nothing in it may take the focus.
 */
export function ChartPlot({
  kind,
  data,
  xKey,
  series,
  formatValue,
}: Required<Pick<ChartProps, 'kind' | 'data' | 'xKey' | 'series' | 'formatValue'>>) {
  const format = (value: unknown) => (typeof value === 'number' ? formatValue(value) : String(value));
  // The grid, axes, tooltip and legend both kinds draw (a fragment: recharts reads through it).
  const frame = (
    <>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey={xKey} />
      <YAxis tickFormatter={format} width={80} />
      <Tooltip formatter={format} />
      <Legend />
    </>
  );
  return (
    <ResponsiveContainer width="100%" height={240}>
      {kind === 'line' ? (
        <LineChart data={data} accessibilityLayer={false}>
          {frame}
          {series.map((line, index) => (
            <Line
              key={line.key}
              dataKey={line.key}
              name={line.label}
              stroke={PALETTE[index % PALETTE.length]}
              dot={false}
            />
          ))}
        </LineChart>
      ) : (
        <BarChart data={data} accessibilityLayer={false}>
          {frame}
          {series.map((line, index) => (
            <Bar key={line.key} dataKey={line.key} name={line.label} fill={PALETTE[index % PALETTE.length]} />
          ))}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
