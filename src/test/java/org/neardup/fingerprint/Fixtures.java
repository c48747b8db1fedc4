package org.neardup.fingerprint;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.neardup.extract.Page;
import org.neardup.text.TextAnalyzer;

/** Shared fixtures: the example texts and one fingerprinter (jieba loads once per JVM). */
final class Fixtures {
  static final Fingerprinter FINGERPRINTER =
      new Fingerprinter(FingerprintSettings.defaults(), TextAnalyzer.standard(), IdfTable.prior());

  static String resource(String name) {
    try (InputStream in = Fixtures.class.getResourceAsStream("/seeds/" + name)) {
      if (in == null) throw new IllegalStateException("missing test resource /seeds/" + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Fingerprints of(String title, String text) {
    return FINGERPRINTER.of(Page.ofText("test:" + title, title, text, null));
  }

  private Fixtures() {}
}
