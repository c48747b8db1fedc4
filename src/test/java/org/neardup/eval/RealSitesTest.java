package org.neardup.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The list {@code eval --real-sites} runs, and the targets every real site is held to. */
class RealSitesTest {

  @Test
  void aListHoldsOneSiteALineAndSkipsCommentsAndBlankLines(@TempDir Path tmp) throws Exception {
    Path file = tmp.resolve("sites.txt");
    Files.writeString(file, "# two sites\n\ngimp-en=gimp-help-en,gimp-help-en-gb\n  handbook = debian-handbook:en-US,debian-handbook:zh-CN  \n");
    List<RealSites.Entry> l = RealSites.read(file);
    assertEquals(List.of("gimp-en=gimp-help-en,gimp-help-en-gb", "handbook=debian-handbook:en-US,debian-handbook:zh-CN"),
        l.stream().map(RealSites.Entry::deb).toList());
    assertEquals("handbook", l.get(1).name());
    assertEquals(file + ":4", l.get(1).where());
  }

  @Test
  void aBadLineIsNamedByItsFileAndLine(@TempDir Path tmp) {
    assertEquals("list:2: 'gimp-help-en' is not NAME=PKG[:FOLDER][,PKG[:FOLDER]...]", bad("# x\ngimp-help-en\n"));
    assertEquals("list:1: site gimp needs packages separated by commas, without spaces", bad("gimp=gimp-help-en gimp-help-en-gb\n"));
    assertEquals("list:1: site gimp needs packages separated by commas, without spaces", bad("gimp=\n"));
    assertEquals("list:3: site a is already listed at list:1", bad("a=x-doc\nb=y-doc\na=z-doc\n"));
    assertEquals("list: lists no site", bad("# nothing\n\n"));
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> RealSites.read(tmp.resolve("none.txt")));
    assertTrue(missing.getMessage().contains("none.txt"), missing.getMessage());
  }

  private static String bad(String list) {
    return assertThrows(IllegalArgumentException.class, () -> RealSites.parse(new StringReader(list), "list")).getMessage();
  }

  @Test
  void theBundledListNamesPackagesAndHoldsTheSitesTheRulesWereDevelopedOn() {
    List<RealSites.Entry> l = RealSites.bundled();
    assertTrue(l.size() > 100, "sites: " + l.size());
    Set<String> names = l.stream().map(RealSites.Entry::name).collect(Collectors.toSet());
    assertTrue(names.containsAll(Set.of("gimp-en", "gimp-zh", "python", "llvm")), String.valueOf(names));
    for (RealSites.Entry e : l) {
      for (String v : e.deb().substring(e.deb().indexOf('=') + 1).split(",")) {
        DebianPackages.checkName(v.contains(":") ? v.substring(0, v.indexOf(':')) : v, e.where());
      }
    }
  }

  @Test
  void aSiteMeetsTheTargetsOrIsToldWhichItMisses() {
    SiteTargets t = SiteTargets.DEFAULT;
    EvalResult.SiteResult.Part p = new EvalResult.SiteResult.Part();
    p.distinct = 1000;
    p.right = 199;
    p.wrong = 1; // 0.995
    p.distinctDropped = 2; // 0.2 %
    assertEquals(List.of(), t.unmet(p), "no same-page copies: recall is not asked");
    p.samePageCopies = 100;
    p.samePageCaught = 96;
    assertEquals(List.of("recall"), t.unmet(p));
    p.samePageCaught = 97;
    p.wrong = 2;
    p.distinctDropped = 3;
    assertEquals(List.of("precision", "dropped"), t.unmet(p));
  }
}
