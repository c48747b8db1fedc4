package org.neardup.eval;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.neardup.fingerprint.Method;

/**
 * The evaluation as one self-contained HTML file: tables, and charts rendered with XChart to PNG
 * and embedded as base64 data URIs (no external reference, works offline). Rendering is headless.
 */
public final class HtmlReport {
  private HtmlReport() {}

  private static final Color[] COLORS = {new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44),
      new Color(214, 39, 40), new Color(148, 103, 189), new Color(140, 86, 75), new Color(227, 119, 194),
      new Color(127, 127, 127), new Color(188, 189, 34), new Color(23, 190, 207), Color.BLACK};
  private static final int W = 620;
  private static final int H = 400;

  public static void write(Path file, List<EvalResult> results, Map<String, Object> run, Progress progress) {
    System.setProperty("java.awt.headless", "true");
    StringBuilder h = new StringBuilder(1 << 20);
    h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>neardup evaluation</title>\n<style>")
        .append("body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:24px;color:#222;max-width:1360px}")
        .append("h1{margin-bottom:4px}h2{border-bottom:2px solid #1f77b4;padding-bottom:4px;margin-top:40px}h3{margin-top:24px}")
        .append("table{border-collapse:collapse;margin:8px 0;font-size:13px}th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}")
        .append("th{background:#f0f4f8}td.l,th.l{text-align:left}tr.hl td{background:#fff6d5;font-weight:600}")
        .append(".charts{display:flex;flex-wrap:wrap;gap:12px}.charts img{border:1px solid #ddd;width:")
        .append(W).append("px;height:").append(H).append("px}.note{color:#555;font-size:13px;margin:2px 0}")
        .append(".good{color:#2a7d2a}.bad{color:#b02020}code{background:#f4f4f4;padding:1px 4px}</style></head><body>\n");
    h.append("<h1>neardup evaluation</h1>\n<p class=\"note\">");
    run.forEach((k, v) -> h.append(esc(k)).append(": <code>").append(esc(String.valueOf(v))).append("</code> &nbsp; "));
    h.append("</p>\n<p class=\"note\">Precision is 1 when nothing was called a duplicate; F1 is 0 without a true positive. ")
        .append("Pairwise figures compare each labelled pair with every method alone at the configured thresholds; ")
        .append("the stream runs the detector (combined rule over the in-memory index) page by page, as the bolt does.</p>\n");
    h.append("<ul>");
    for (EvalResult r : results) h.append("<li><a href=\"#").append(anchor(r.name)).append("\">").append(esc(r.name)).append("</a></li>");
    h.append("</ul>\n");
    for (EvalResult r : results) {
      section(h, r);
      if (progress != null) progress.step();
    }
    h.append("</body></html>\n");
    try {
      if (file.toAbsolutePath().getParent() != null) Files.createDirectories(file.toAbsolutePath().getParent());
      Files.writeString(file, h, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  static String anchor(String s) {
    return s.replaceAll("[^A-Za-z0-9_-]", "_");
  }

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }

  private static String f3(double v) {
    return String.format("%.3f", v);
  }

  private static void section(StringBuilder h, EvalResult r) {
    h.append("<h2 id=\"").append(anchor(r.name)).append("\">").append(esc(r.name)).append("</h2>\n<p>").append(esc(r.description)).append("</p>\n");
    for (String n : r.notes) h.append("<p class=\"note\">").append(esc(n)).append("</p>\n");
    h.append(String.format("<p class=\"note\">%d pages (%d with text, mean %.0f characters of main text); extraction %.2f ms/page, fingerprinting %.2f ms/page, %.3f ms per pair comparison%s; %.1f s in all.</p>%n",
        r.pages, r.pagesWithText, r.meanChars, r.extractMsPerPage, r.fingerprintMsPerPage, r.compareMsPerPair,
        r.stream == null ? "" : String.format(", detector check %.3f ms/page", r.stream.msPerPage), r.seconds));
    if (r.stream != null) streamTables(h, r);
    if (r.pairs > 0) {
      h.append(String.format("<h3>Every method alone (pairwise): %d pairs, %d duplicate, %d not%s</h3>%n", r.pairs, r.positivePairs,
          r.pairs - r.positivePairs, r.unscorablePairs > 0 ? ", " + r.unscorablePairs + " without text on one side (counted as not called)" : ""));
      methodTable(h, r);
      kindTable(h, r);
      h.append("<div class=\"charts\">");
      img(h, prChart(r));
      for (EvalResult.MethodResult m : r.methods) if (m.spec != null) img(h, f1Chart(r, m));
      for (EvalResult.MethodResult m : r.methods) if (m.spec != null) img(h, distChart(r, m));
      h.append("</div>\n");
    }
    if (!r.peers.isEmpty()) peerTable(h, r);
    if (!r.streamSweeps.isEmpty()) {
      h.append("<h3>Detector thresholds over the stream (one varied, the others at their defaults)</h3>\n<div class=\"charts\">");
      r.streamSweeps.forEach((k, pts) -> img(h, streamSweepChart(r, k, pts, r.streamSweepDefaults.get(k))));
      h.append("</div>\n");
    }
  }

  private static void peerTable(StringBuilder h, EvalResult r) {
    h.append("<h3>Peers on the same pages (duplicate = equal signatures)</h3>\n<table><tr><th class=\"l\">method</th>"
        + "<th>pairwise P</th><th>R</th><th>F1</th><th>stream P</th><th>R</th><th>F1</th><th>FP</th><th>wrong original</th>"
        + "<th>signature ms/page</th><th class=\"l\">what it is</th></tr>\n");
    EvalResult.MethodResult comb = r.method(org.neardup.fingerprint.Method.COMBINED);
    if (comb != null && r.stream != null) {
      var c = comb.atDefault;
      var s = r.stream.overall;
      h.append(String.format("<tr class=\"hl\"><td class=\"l\">neardup (combined)</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%d</td><td>%d</td><td></td><td class=\"l\">%s</td></tr>%n",
          f3(c.precision()), f3(c.recall()), f3(c.f1()), f3(s.precision()), f3(s.recall()), f3(s.f1()), s.fp(), r.stream.wrongOriginal,
          "the detector (stream) and the combined rule (pairs)"));
    }
    for (EvalResult.PeerResult p : r.peers) {
      var c = p.pairwise;
      var s = p.stream;
      h.append(String.format("<tr><td class=\"l\">%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%d</td><td>%d</td><td>%.3f</td><td class=\"l\">%s</td></tr>%n",
          esc(p.key), f3(c.precision()), f3(c.recall()), f3(c.f1()), f3(s.precision()), f3(s.recall()), f3(s.f1()), s.fp(),
          p.wrongOriginal, p.msPerPage, esc(p.description)));
    }
    h.append("</table>\n");
  }

  private static void streamTables(StringBuilder h, EvalResult r) {
    var s = r.stream;
    var c = s.overall;
    h.append("<h3>Streaming detector (combined)</h3>\n<table><tr><th class=\"l\">pages</th><th>precision</th><th>recall</th><th>F1</th><th>TP</th><th>FP</th><th>FN</th><th>TN</th><th>wrong original</th><th>not scored</th></tr>");
    h.append(String.format("<tr class=\"hl\"><td class=\"l\">%d</td><td>%s</td><td>%s</td><td>%s</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td></tr></table>%n",
        s.pages, f3(c.precision()), f3(c.recall()), f3(c.f1()), c.tp(), c.fp(), c.fn(), c.tn(), s.wrongOriginal, s.ambiguous));
    h.append("<table><tr><th class=\"l\">kind</th><th>pages</th><th>expected duplicates</th><th>caught</th><th>recall</th><th>false positives</th><th>FP rate</th></tr>");
    s.perKind.forEach((k, x) -> h.append(String.format("<tr><td class=\"l\">%s</td><td>%d</td><td>%d</td><td>%d</td><td>%s</td><td>%d</td><td>%s</td></tr>",
        esc(k), s.items.getOrDefault(k, 0), x.positives(), x.tp(), x.positives() == 0 ? "–" : f3(x.recall()), x.fp(),
        x.positives() > 0 || x.negatives() == 0 ? "–" : f3(x.fpRate()))));
    h.append("</table>\n<p class=\"note\">decided by: ").append(esc(s.decidedBy.toString())).append("; verdicts: ").append(esc(s.verdicts.toString())).append("</p>\n");
    if (!s.falsePositives.isEmpty()) h.append("<p class=\"note\">false positives (first 20): ").append(esc(String.join("; ", s.falsePositives))).append("</p>\n");
    if (!s.misses.isEmpty()) h.append("<p class=\"note\">missed (first 20): ").append(esc(String.join("; ", s.misses))).append("</p>\n");
  }

  private static void methodTable(StringBuilder h, EvalResult r) {
    h.append("<table><tr><th class=\"l\">method</th><th class=\"l\">rule</th><th>default</th><th>P</th><th>R</th><th>F1</th><th>best threshold</th><th>P</th><th>R</th><th>F1</th></tr>\n");
    for (EvalResult.MethodResult m : r.methods) {
      var c = m.atDefault;
      h.append("<tr").append(m.method == Method.COMBINED ? " class=\"hl\"" : "").append("><td class=\"l\">").append(m.method.key()).append("</td><td class=\"l\">")
          .append(esc(m.spec == null ? "yes/no" : m.spec.unit())).append("</td><td>").append(m.spec == null ? "" : num(m.spec.defaultThreshold()))
          .append("</td><td>").append(f3(c.precision())).append("</td><td>").append(f3(c.recall())).append("</td><td>").append(f3(c.f1())).append("</td>");
      if (m.best != null) {
        var b = m.best.counts();
        h.append("<td>").append(num(m.best.threshold())).append("</td><td>").append(f3(b.precision())).append("</td><td>").append(f3(b.recall()))
            .append("</td><td>").append(f3(b.f1())).append("</td>");
      } else {
        h.append("<td></td><td></td><td></td><td></td>");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n");
  }

  private static void kindTable(StringBuilder h, EvalResult r) {
    List<String> kinds = new ArrayList<>(r.methods.get(0).perKind.keySet());
    h.append("<p class=\"note\">Per kind at the configured thresholds: recall for duplicate kinds, false-positive rate (marked FP) for the others.</p>");
    h.append("<table><tr><th class=\"l\">method</th>");
    for (String k : kinds) h.append("<th>").append(esc(k)).append("</th>");
    h.append("</tr>\n");
    for (EvalResult.MethodResult m : r.methods) {
      h.append("<tr").append(m.method == Method.COMBINED ? " class=\"hl\"" : "").append("><td class=\"l\">").append(m.method.key()).append("</td>");
      for (String k : kinds) {
        Counts c = m.perKind.getOrDefault(k, Counts.ZERO);
        h.append("<td>").append(c.positives() > 0 ? f3(c.recall()) : "FP " + f3(c.fpRate())).append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n");
  }

  static String num(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
  }

  private static void img(StringBuilder h, Chart<?, ?> chart) {
    try {
      byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
      h.append("<img alt=\"").append(esc(chart.getTitle())).append("\" src=\"data:image/png;base64,")
          .append(Base64.getEncoder().encodeToString(png)).append("\">\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot render chart " + chart.getTitle(), e);
    }
  }

  private static void style(Styler s) {
    s.setChartBackgroundColor(Color.WHITE);
    s.setSeriesColors(COLORS);
    s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
    s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    s.setAntiAlias(true);
    s.setMarkerSize(6);
  }

  private static XYChart xy(String title, String x, String y) {
    XYChart c = new XYChartBuilder().width(W).height(H).title(title).xAxisTitle(x).yAxisTitle(y).build();
    style(c.getStyler());
    c.getStyler().setLegendPosition(Styler.LegendPosition.InsideSW);
    c.getStyler().setPlotGridLinesVisible(true);
    c.getStyler().setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    return c;
  }

  static XYChart prChart(EvalResult r) {
    XYChart c = xy(r.name + ": precision-recall per method", "recall", "precision");
    c.getStyler().setXAxisMin(0.0).setXAxisMax(1.0).setYAxisMin(0.0).setYAxisMax(1.02);
    for (EvalResult.MethodResult m : r.methods) {
      if (m.spec != null && !m.prCurve.isEmpty()) {
        double[] x = new double[m.prCurve.size()];
        double[] y = new double[x.length];
        for (int i = 0; i < x.length; i++) {
          x[i] = m.prCurve.get(i)[0];
          y[i] = m.prCurve.get(i)[1];
        }
        XYSeries s = c.addSeries(m.method.key(), x, y);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineWidth(2f);
      }
    }
    for (Method bin : List.of(Method.COMBINED, Method.IMATCH, Method.FREQUENT_TERMS, Method.KEYWORDS_SORT_WEIGHTED, Method.EXACT)) {
      EvalResult.MethodResult m = r.method(bin);
      if (m == null) continue;
      XYSeries s = c.addSeries(bin.key() + " (yes/no)", new double[] {m.atDefault.recall()}, new double[] {m.atDefault.precision()});
      s.setLineStyle(SeriesLines.NONE);
      s.setMarker(bin == Method.COMBINED ? SeriesMarkers.DIAMOND : SeriesMarkers.CIRCLE);
    }
    return c;
  }

  static XYChart f1Chart(EvalResult r, EvalResult.MethodResult m) {
    XYChart c = xy(m.method.key() + ": P/R/F1 against threshold", m.spec.unit() + " t", "");
    c.getStyler().setYAxisMin(0.0).setYAxisMax(1.02);
    c.getStyler().setLegendPosition(Styler.LegendPosition.InsideSE);
    double[] x = new double[m.sweep.size()];
    double[] p = new double[x.length];
    double[] rc = new double[x.length];
    double[] f = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      Sweep.Point pt = m.sweep.get(i);
      x[i] = pt.threshold();
      p[i] = pt.counts().precision();
      rc[i] = pt.counts().recall();
      f[i] = pt.counts().f1();
    }
    c.addSeries("precision", x, p).setMarker(SeriesMarkers.CIRCLE);
    c.addSeries("recall", x, rc).setMarker(SeriesMarkers.SQUARE);
    XYSeries fs = c.addSeries("F1", x, f);
    fs.setMarker(SeriesMarkers.DIAMOND);
    fs.setLineWidth(3f);
    XYSeries d = c.addSeries("default " + num(m.spec.defaultThreshold()), new double[] {m.spec.defaultThreshold(), m.spec.defaultThreshold()}, new double[] {0, 1});
    d.setMarker(SeriesMarkers.NONE);
    d.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
    XYSeries b = c.addSeries("best " + num(m.best.threshold()) + " (F1 " + f3(m.best.counts().f1()) + ")",
        new double[] {m.best.threshold()}, new double[] {m.best.counts().f1()});
    b.setLineStyle(SeriesLines.NONE);
    b.setMarker(SeriesMarkers.TRIANGLE_UP);
    return c;
  }

  /** Share of each class's pairs per score bin. */
  static CategoryChart distChart(EvalResult r, EvalResult.MethodResult m) {
    double lo;
    double hi;
    double step;
    switch (m.method) {
      case SIMHASH -> { lo = 0; hi = 40; step = 2; }
      case SENTENCE_BOUNDARY -> { lo = 0; hi = 4.5; step = 0.5; }
      case SEGMENTS -> { lo = 0; hi = 6; step = 1; }
      default -> { lo = 0; hi = 1; step = 0.05; }
    }
    int bins = (int) Math.round((hi - lo) / step) + 1;
    List<String> labels = new ArrayList<>();
    for (int i = 0; i < bins; i++) {
      String v = num(Math.round((lo + i * step) * 100) / 100.0);
      labels.add(i == bins - 1 && m.method == Method.SIMHASH ? v + "+" : v);
    }
    CategoryChart c = new CategoryChartBuilder().width(W).height(H).title(m.method.key() + ": score distribution")
        .xAxisTitle(m.method == Method.SIMHASH ? "Hamming distance (bin start)" : "score (bin start)").yAxisTitle("share of pairs").build();
    style(c.getStyler());
    c.getStyler().setOverlapped(true);
    c.getStyler().setLegendPosition(Styler.LegendPosition.InsideN);
    c.getStyler().setXAxisLabelRotation(m.method == Method.SIMHASH || bins > 12 ? 60 : 0);
    c.getStyler().setAvailableSpaceFill(0.9);
    c.getStyler().setSeriesColors(new Color[] {new Color(214, 39, 40, 150), new Color(31, 119, 180, 150)});
    c.getStyler().setYAxisMin(0.0);
    c.addSeries("duplicate (" + m.duplicateScores.length + ")", labels, hist(m.duplicateScores, lo, step, bins));
    c.addSeries("not duplicate (" + m.otherScores.length + ")", labels, hist(m.otherScores, lo, step, bins));
    return c;
  }

  static List<Double> hist(double[] v, double lo, double step, int bins) {
    double[] h = new double[bins];
    for (double x : v) {
      int b = (int) Math.floor((x - lo) / step + 1e-9);
      h[Math.max(0, Math.min(bins - 1, b))]++;
    }
    List<Double> out = new ArrayList<>();
    for (double x : h) out.add(v.length == 0 ? 0 : x / v.length);
    return out;
  }

  static XYChart streamSweepChart(EvalResult r, String param, List<Sweep.Point> pts, Double def) {
    XYChart c = xy("detector stream: " + param, param, "");
    c.getStyler().setYAxisMin(0.0).setYAxisMax(1.02);
    c.getStyler().setLegendPosition(Styler.LegendPosition.InsideSE);
    double[] x = new double[pts.size()];
    double[] p = new double[x.length];
    double[] rc = new double[x.length];
    double[] f = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      x[i] = pts.get(i).threshold();
      p[i] = pts.get(i).counts().precision();
      rc[i] = pts.get(i).counts().recall();
      f[i] = pts.get(i).counts().f1();
    }
    c.addSeries("precision", x, p).setMarker(SeriesMarkers.CIRCLE);
    c.addSeries("recall", x, rc).setMarker(SeriesMarkers.SQUARE);
    c.addSeries("F1", x, f).setMarker(SeriesMarkers.DIAMOND);
    if (def != null) {
      XYSeries d = c.addSeries("default " + num(def), new double[] {def, def}, new double[] {0, 1});
      d.setMarker(SeriesMarkers.NONE);
    }
    return c;
  }
}
