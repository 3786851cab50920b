/**
 * The dashboard's seven-day visit chart. ECharts is imported piece by piece (core, two chart types, three
 * components, the SVG renderer) and this module is only ever loaded lazily, so it lands in its own chunk and
 * never in the login page or the shell.
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { VisitDay } from '../../contracts/dashboard.ts';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export const CHART_HEIGHT = 300;

export default function VisitChart(props: { days: VisitDay[] }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    // SVG: crisp at any zoom, cheap for a handful of points, and needs no canvas (jsdom, print).
    const instance = echarts.init(element, undefined, { renderer: 'svg', height: CHART_HEIGHT, width: element.clientWidth || 600 });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize({ width: element.clientWidth || 600, height: CHART_HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption({
      tooltip: { trigger: 'axis' },
      // ECharts 6 puts the legend at the bottom by default, over the axis labels.
      legend: { top: 0, data: ['访问次数', '访问IP数'] },
      grid: { left: 40, right: 24, top: 40, bottom: 30 },
      xAxis: { type: 'category', data: props.days.map((d) => d.type) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: '访问次数', type: 'bar', barMaxWidth: 32, data: props.days.map((d) => d.visit) },
        { name: '访问IP数', type: 'line', data: props.days.map((d) => d.ip) },
      ],
    });
  }, [props.days]);

  return <div ref={host} data-testid="visit-chart" style={{ width: '100%', height: CHART_HEIGHT }} aria-hidden="true" />;
}
