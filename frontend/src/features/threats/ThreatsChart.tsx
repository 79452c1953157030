import type { DailyCount } from "./threats-over-time";

const WIDTH = 320;
const HEIGHT = 120;
const PAD_BOTTOM = 18;
const PAD_TOP = 12;

/** A hand-made bar chart: the data table beside it carries the same numbers for screen readers. */
export function ThreatsChart({ series }: { series: DailyCount[] }) {
  const max = Math.max(1, ...series.map((d) => d.count));
  const slot = WIDTH / Math.max(1, series.length);
  const barWidth = Math.max(2, slot * 0.6);
  const plotHeight = HEIGHT - PAD_BOTTOM - PAD_TOP;
  const total = series.reduce((sum, d) => sum + d.count, 0);
  const first = series[0]?.date;
  const last = series[series.length - 1]?.date;

  return (
    <figure style={{ margin: 0 }}>
      <svg className="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="chart-caption">
        <title>Threats per day</title>
        <line className="chart-axis" x1={0} x2={WIDTH} y1={HEIGHT - PAD_BOTTOM} y2={HEIGHT - PAD_BOTTOM} />
        {series.map((d, i) => {
          const h = (d.count / max) * plotHeight;
          return (
            <rect
              key={d.date}
              className="chart-bar"
              x={i * slot + (slot - barWidth) / 2}
              y={HEIGHT - PAD_BOTTOM - h}
              width={barWidth}
              height={h}
              rx={2}
            >
              <title>{`${d.date}: ${d.count}`}</title>
            </rect>
          );
        })}
        {first ? (
          <text className="chart-label" x={0} y={HEIGHT - 4}>
            {first.slice(5)}
          </text>
        ) : null}
        {last ? (
          <text className="chart-label" x={WIDTH} y={HEIGHT - 4} textAnchor="end">
            {last.slice(5)}
          </text>
        ) : null}
        <text className="chart-label" x={0} y={10}>
          max {max}
        </text>
      </svg>
      <figcaption id="chart-caption" className="small muted">
        Threats detected per day, last {series.length} days: {total} in total.
      </figcaption>
    </figure>
  );
}
