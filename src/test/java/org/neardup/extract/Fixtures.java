package org.neardup.extract;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Reads the small hand-written fixtures under src/test/resources/extract/. */
final class Fixtures {
  private Fixtures() {}

  static String read(String name) {
    try (InputStream in = Fixtures.class.getResourceAsStream("/extract/" + name)) {
      if (in == null) throw new IllegalStateException("missing test fixture extract/" + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An article fixture put into a site template fixture. */
  static String page(String template, String article, String title, String id) {
    return read(template).replace("{{TITLE}}", title).replace("{{ID}}", id)
        .replace("{{ARTICLE}}", read(article));
  }

  /** The same article marked up the way old Chinese CMSs do: text and {@code <br>}s, no {@code <p>}. */
  static String brArticle(String article) {
    return read(article).replace("<p>", "").replace("</p>", "<br><br>\n");
  }
}
