package org.neardup.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A folder of pages served on loopback for a crawl on the cluster. */
class FolderSiteTest {
  @TempDir Path dir;

  @Test
  void eachSubfolderIsASiteAndTextBecomesAPage() throws Exception {
    Files.createDirectories(dir.resolve("sport"));
    Files.createDirectories(dir.resolve("tech"));
    Files.writeString(dir.resolve("sport/001.txt"), "Claxton <hunting> title\n\nFirst paragraph & more.\nSecond.\n");
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write("<html><body>packed</body></html>".getBytes(StandardCharsets.UTF_8));
    }
    Files.write(dir.resolve("tech/a.html.gz"), gz.toByteArray());
    Files.writeString(dir.resolve("tech/notes.md"), "not a page");
    try (FolderSite site = FolderSite.start(dir, 0)) {
      assertEquals(List.of("sport/001.txt", "tech/a.html.gz"), site.pages());
      assertEquals(2, site.origins().size());
      String text = get(site.url("sport/001.txt"));
      assertTrue(text.contains("<title>Claxton &lt;hunting&gt; title</title>"), text);
      assertTrue(text.contains("<p>First paragraph &amp; more.</p><p>Second.</p>"), text);
      assertEquals("<html><body>packed</body></html>", get(site.url("tech/a.html.gz")));
      assertEquals("tech/a.html.gz", site.path(site.url("tech/a.html.gz")));
      HttpURLConnection c = (HttpURLConnection) URI.create(site.origins().get(1) + "notes.md").toURL().openConnection();
      assertEquals(404, c.getResponseCode());
    }
    try (FolderSite one = FolderSite.start(dir, 1)) {
      assertEquals(List.of("sport/001.txt"), one.pages());
    }
  }

  @Test
  void aFolderWithoutPagesIsNamed() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FolderSite.start(dir, 0));
    assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> FolderSite.start(dir.resolve("missing"), 0));
    assertTrue(e.getMessage().contains("is not a folder"), e.getMessage());
  }

  private static String get(String url) throws Exception {
    try (var in = URI.create(url).toURL().openStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
