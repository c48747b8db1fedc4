package org.neardup.runtime;

import java.io.IOException;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One item of {@code neardup dedup}'s input, in input order: a page to decide, input that should
 * have been a page and is not (an error line), or input that is no page at all (a WARC request or
 * metadata record: no line, counted by kind). {@code source} is what the input was read from, for
 * a {@link BatchDeduplicator.Listener} that writes it on (the WARC record).
 */
public sealed interface BatchInput {
  /** Where the input is, for error lines: "line 12", "crawl.warc.gz at offset 4711". */
  String where();

  Object source();

  /**
   * A page. {@code record} is called on a fingerprinting thread (a JSON line is parsed there) and
   * throws {@link IllegalArgumentException} saying what is wrong with the input. {@code fields} go
   * into the page's output line after the verdict's.
   */
  record Page(String where, long lineNo, Supplier<BatchRecord> record, Map<String, Object> fields,
      Object source) implements WithLine {}

  /** Input that cannot be read as a page: its output line is an error. */
  record Broken(String where, long lineNo, String error, Map<String, Object> fields, Object source)
      implements WithLine {}

  /**
   * Input that gets an output line: its input line number (0 when the input has no lines) and the
   * fields the line carries besides the verdict's.
   */
  sealed interface WithLine extends BatchInput permits Page, Broken {
    long lineNo();

    Map<String, Object> fields();
  }

  /** Input that is not a page, of a {@code kind} the summary counts; it has no output line. */
  record Other(String where, String kind, Object source) implements BatchInput {}

  /** A stream of inputs. */
  interface Source {
    /** The next input, or null at the end. */
    BatchInput next() throws IOException;
  }
}
