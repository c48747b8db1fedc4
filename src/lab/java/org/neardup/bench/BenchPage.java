package org.neardup.bench;

/**
 * One page of a benchmark corpus: where it came from and its raw bytes (as fetched, undecoded).
 *
 * @param name the path relative to the corpus folder
 * @param url a url made up for it (file:// of the path), used as the page's id
 * @param bytes the page's bytes; .gz files are already inflated
 */
public record BenchPage(String name, String url, byte[] bytes) {}
