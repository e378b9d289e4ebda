/* What a chart is given: shared by the chart (its table) and its drawing, which loads apart. */

export interface ChartSeries {
  /** The field of each datum this series draws. */
  key: string;
  label: string;
}

export type ChartDatum = Record<string, string | number>;

export type ChartProps = {
  title: string;
  kind?: 'bar' | 'line';
  data: ChartDatum[];
  /** The field of each datum on the horizontal axis (a day), and its column heading in the table. */
  xKey: string;
  xLabel: string;
  series: ChartSeries[];
  /** How a value reads (an amount in its currency); also in the table. */
  formatValue?: (value: number) => string;
};
