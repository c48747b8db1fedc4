package org.neardup.eval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one evaluation runs on: pages, a stream order over some of them (for the streaming
 * detector) and labelled pairs (for every method alone).
 *
 * <p>In a stream, an item is expected to be a duplicate when an earlier item has the same cluster;
 * the detector is right when it names an original of that cluster. Items marked ambiguous are
 * streamed (they enter the index) but not scored.
 */
public final class Dataset {
  /** A page in stream order. */
  public record Item(String pageId, String cluster, String kind, boolean ambiguous) {}

  /** A labelled pair of pages. */
  public record Pair(String a, String b, boolean duplicate, String kind) {}

  private final String name;
  private final String description;
  private final Map<String, PageSpec> pages = new LinkedHashMap<>();
  private final List<Item> stream = new ArrayList<>();
  private final List<Pair> pairs = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private SiteLabels labels;

  public Dataset(String name, String description) {
    this.name = name;
    this.description = description;
  }

  public String name() {
    return name;
  }

  public String description() {
    return description;
  }

  public Map<String, PageSpec> pages() {
    return pages;
  }

  public List<Item> stream() {
    return stream;
  }

  public List<Pair> pairs() {
    return pairs;
  }

  public List<String> notes() {
    return notes;
  }

  public PageSpec page(PageSpec p) {
    PageSpec old = pages.putIfAbsent(p.id(), p);
    return old == null ? p : old;
  }

  public void streamItem(PageSpec p, String cluster, String kind) {
    streamItem(p, cluster, kind, false);
  }

  public void streamItem(PageSpec p, String cluster, String kind, boolean ambiguous) {
    page(p);
    stream.add(new Item(p.id(), cluster, kind, ambiguous));
  }

  public void pair(PageSpec a, PageSpec b, boolean duplicate, String kind) {
    page(a);
    page(b);
    pairs.add(new Pair(a.id(), b.id(), duplicate, kind));
  }

  /**
   * The truth of a real-site dataset: when set, the stream is scored by the oracle ({@link
   * SiteLabels}) instead of by clusters.
   */
  public SiteLabels labels() {
    return labels;
  }

  void labels(SiteLabels l) {
    labels = l;
  }

  public void note(String n) {
    notes.add(n);
  }
}
