import { Bar, BarChart, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from "recharts";
import { AMBER, axisTick, BRAND, chartStyle, compactNumber, shortDay } from "./chart-style";
import { formatPkr } from "~/lib/money";

/**
 * The Overview's charts. Only this module and reports/report-charts.tsx import recharts, and the Overview
 * loads it with React.lazy after hydration: the figures and tables render first, and recharts
 * never reaches the storefront's bundles. Each chart sits beside a text alternative (a table or
 * list on the page), so the charts themselves are decoration for sighted users.
 */

export function DailyChart({ data }: { data: { day: string; orders: number; revenue: number }[] }) {
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
      <YAxis yAxisId="revenue" tickFormatter={(v: number) => compactNumber.format(v)} tick={axisTick} width={44} />
      <YAxis yAxisId="orders" orientation="right" allowDecimals={false} tick={axisTick} width={32} />
      <Tooltip
        labelFormatter={(day) => shortDay(String(day))}
        formatter={(value, name) => (name === "Revenue" ? formatPkr(Number(value)) : String(value))}
      />
      <Bar
        yAxisId="revenue"
        dataKey="revenue"
        name="Revenue"
        fill={BRAND}
        radius={[3, 3, 0, 0]}
        isAnimationActive={false}
      />
      <Line
        yAxisId="orders"
        dataKey="orders"
        name="Orders"
        stroke={AMBER}
        strokeWidth={2}
        dot={false}
        isAnimationActive={false}
      />
    </ComposedChart>
  );
}

export function TopProductsChart({ data }: { data: { name: string; units: number }[] }) {
  return (
    <BarChart
      data={data}
      layout="vertical"
      responsive
      style={chartStyle}
      accessibilityLayer={false}
      margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
    >
      <XAxis type="number" allowDecimals={false} tick={axisTick} />
      <YAxis
        type="category"
        dataKey="name"
        width={120}
        tick={axisTick}
        tickFormatter={(name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name)}
      />
      <Tooltip />
      <Bar dataKey="units" name="Units sold" fill={BRAND} radius={[0, 3, 3, 0]} isAnimationActive={false} />
    </BarChart>
  );
}

export function CitiesChart({ data }: { data: { city: string; orders: number }[] }) {
  return (
    <BarChart
      data={data}
      responsive
      style={chartStyle}
      accessibilityLayer={false}
      margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
    >
      <CartesianGrid stroke="#e7e5e4" vertical={false} />
      <XAxis dataKey="city" tick={axisTick} interval={0} angle={-35} textAnchor="end" height={56} />
      <YAxis allowDecimals={false} tick={axisTick} width={36} />
      <Tooltip />
      <Bar dataKey="orders" name="Orders" fill={AMBER} radius={[3, 3, 0, 0]} isAnimationActive={false} />
    </BarChart>
  );
}
