package org.neardup.runtime;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.nio.file.Path;
import java.util.Optional;
import org.neardup.warc.WarcInput;
import org.neardup.warc.WarcItem;

/**
 * WARC files, read one after the other in the order given, as {@code dedup} input: each HTML
 * capture is a page whose verdict line also names its WARC file, record id and offset; records that
 * are no pages are counted by kind; a record that cannot be read is an error line naming its file
 * and offset, and reading goes on with the next record.
 */
public final class WarcSource implements BatchInput.Source, AutoCloseable {
  private final Deque<Path> files;
  private final int maxBodyBytes;
  private WarcInput current;

  public WarcSource(List<Path> files, int maxBodyBytes) {
    this.files = new ArrayDeque<>(files);
    this.maxBodyBytes = maxBodyBytes;
  }

  @Override
  public BatchInput next() throws IOException {
    while (true) {
      if (current == null) {
        Path file = files.poll();
        if (file == null) return null;
        current = new WarcInput(file, maxBodyBytes);
      }
      Optional<WarcItem> item = current.next();
      if (item.isPresent()) return input(item.get());
      current.close();
      current = null;
    }
  }

  static BatchInput input(WarcItem item) {
    String where = item.file() + " at offset " + item.offset();
    if (item instanceof WarcItem.Page p) {
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("warc_file", p.file().toString());
      fields.put("warc_record_id", p.recordId());
      fields.put("warc_offset", p.offset());
      return new BatchInput.Page(where, 0, () -> new BatchRecord(p.url(), p.url(), null, p.body(),
          p.charset(), null, null, null, p.date().toEpochMilli()), fields, p);
    }
    if (item instanceof WarcItem.Broken b) {
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("warc_file", b.file().toString());
      fields.put("warc_offset", b.offset());
      return new BatchInput.Broken(where, 0, "not a readable WARC record (" + b.error()
          + "); skipped to offset " + b.end(), fields, b);
    }
    return new BatchInput.Other(where, ((WarcItem.Other) item).kind(), item);
  }

  @Override
  public void close() throws IOException {
    if (current != null) current.close();
  }
}
