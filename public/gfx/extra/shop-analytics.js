/*
 * The demo shop's extra script (EXTRA_SCRIPTS=shop-analytics, served at /gfx/extra/shop-analytics.js).
 * The storefront loads it once per page view, when the browser is idle after hydration. It reads
 * the page's dataLayer: the entries pushed before it loaded, and every later push (it wraps
 * `push`), and keeps a count per event in window.shopAnalytics.events ([{ event, count }]).
 * It makes no network calls: a real shop's analytics script would send these on.
 */
(function () {
  var layer = (window.dataLayer = window.dataLayer || []);
  var analytics = (window.shopAnalytics = window.shopAnalytics || { events: [] });
  if (analytics.watching) return;
  analytics.watching = true;

  function count(entry) {
    if (!entry || typeof entry !== 'object' || typeof entry.event !== 'string') return;
    for (var i = 0; i < analytics.events.length; i++) {
      if (analytics.events[i].event === entry.event) {
        analytics.events[i].count += 1;
        return;
      }
    }
    analytics.events.push({ event: entry.event, count: 1 });
  }

  for (var i = 0; i < layer.length; i++) count(layer[i]);
  var push = layer.push;
  layer.push = function () {
    for (var j = 0; j < arguments.length; j++) count(arguments[j]);
    return push.apply(layer, arguments);
  };
})();
