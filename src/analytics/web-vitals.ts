import { analyticsEnabled } from './enabled';
import { trackEvent } from './events';

/** Core Web Vitals (CLS, INP, FCP, LCP, TTFB) to analytics; web-vitals loads only when analytics is on. */
export function reportWebVitals(): void {
  if (!analyticsEnabled()) return;
  void import('web-vitals').then(({ onCLS, onINP, onFCP, onLCP, onTTFB }) => {
    for (const on of [onCLS, onINP, onFCP, onLCP, onTTFB]) {
      on((metric) =>
        trackEvent(metric.name, {
          value: Math.round(metric.name === 'CLS' ? metric.value * 1000 : metric.value),
          metric_id: metric.id,
          metric_rating: metric.rating,
          non_interaction: true,
        }),
      );
    }
  });
}
