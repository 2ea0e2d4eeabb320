import { Bar, BarChart, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from "recharts";
import { AMBER, axisTick, BRAND, chartStyle, compactNumber, shortDay } from "~/components/seller/chart-style";
import { formatPkr } from "~/lib/money";

/**
 * The reports' charts, loaded with React.lazy after hydration (like the Overview's): recharts stays
 * out of every other bundle. Each chart repeats a table that is on the page, so the chart is
 * decoration for sighted users and hidden from screen readers.
 */

/** Revenue as bars and profit as a line, per day or week. */
export function ProfitChart({ data }: { data: { day: string; revenue: number; profit: number }[] }) {
  return (
    <ComposedChart
      data={data}
      responsive
      style={chartStyle}
      accessibilityLayer={false}
      margin={{ top: 8, right: 4, bottom: 0, left: 4 }}
    >
      <CartesianGrid stroke="#e7e5e4" vertical={false} />
      <XAxis dataKey="day" tickFormatter={shortDay} tick={axisTick} minTickGap={18} />
      <YAxis tickFormatter={(v: number) => compactNumber.format(v)} tick={axisTick} width={44} />
      <Tooltip labelFormatter={(day) => shortDay(String(day))} formatter={(value) => formatPkr(Number(value))} />
      <Bar dataKey="revenue" name="Revenue" fill={BRAND} radius={[3, 3, 0, 0]} isAnimationActive={false} />
      <Line dataKey="profit" name="Profit" stroke={AMBER} strokeWidth={2} dot={false} isAnimationActive={false} />
    </ComposedChart>
  );
}

/** One bar per label (a product, a city), longest first as given. */
export function LabelBarsChart({
  data,
  valueName,
  money = false,
}: {
  data: { label: string; value: number }[];
  valueName: string;
  money?: boolean;
}) {
  return (
    <BarChart
      data={data}
      layout="vertical"
      responsive
      style={chartStyle}
      accessibilityLayer={false}
      margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
    >
      <XAxis
        type="number"
        allowDecimals={false}
        tick={axisTick}
        tickFormatter={(v: number) => compactNumber.format(v)}
      />
      <YAxis
        type="category"
        dataKey="label"
        width={110}
        tick={axisTick}
        tickFormatter={(name: string) => (name.length > 16 ? `${name.slice(0, 15)}…` : name)}
      />
      <Tooltip formatter={(value) => (money ? formatPkr(Number(value)) : String(value))} />
      <Bar dataKey="value" name={valueName} fill={BRAND} radius={[0, 3, 3, 0]} isAnimationActive={false} />
    </BarChart>
  );
}
