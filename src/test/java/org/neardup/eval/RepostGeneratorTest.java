package org.neardup.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.neardup.extract.Language;
import org.neardup.extract.Page;
import org.neardup.extract.PageExtractor;

class RepostGeneratorTest {
  static final List<String> ZH = List.of(
      "近日，市政府表示将在今年开始建设新的地铁线路。专家认为这一计划十分重要，将明显改善城市交通。",
      "据介绍，新线路全长二十公里，设有十五座车站。目前，相关部门已经完成前期调查工作。",
      "居民普遍关注施工期间的交通影响。负责人表示，将采取有效措施减少对群众生活的影响。",
      "此外，项目还将提供大量就业机会，推动周边地区经济发展。预计项目将在三年后完成。");
  static final List<String> EN = List.of(
      "The city council said on Monday that work on the new tram line would begin early next year. Officials believe the plan is important for the economy.",
      "The line will be twenty kilometres long and have fifteen stops. Experts said the project could help many workers reach their jobs.",
      "Residents asked about the effect of the building work on local roads. The chief engineer said the firm would try to reduce delays.",
      "The company also plans to buy new vehicles. The total cost is about two hundred million pounds, according to the report.");

  static Article zh(String id, String group) {
    return new Article(id, group, "新地铁线路明年开工", ZH, Language.ZH, PageSpec.text(id, "新地铁线路明年开工", String.join("\n", ZH)));
  }

  static Article en(String id, String group) {
    return new Article(id, group, "Tram line work to begin", EN, Language.EN, PageSpec.text(id, "Tram line work to begin", String.join("\n", EN)));
  }

  static List<Article> pool() {
    List<Article> out = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      // different articles: vary the text so natural-duplicate removal keeps them
      List<String> p = new ArrayList<>(ZH);
      p.set(0, p.get(0) + "第" + i + "期。");
      out.add(new Article("zh/site" + (i % 2) + "/" + i + ".html", "zh/site" + (i % 2), "标题" + i, p, Language.ZH, PageSpec.text("zh" + i, "标题" + i, String.join("\n", p))));
    }
    return out;
  }

  @Test
  void sameSeedSamePagesOtherSeedOtherPages() {
    RepostGenerator a = new RepostGenerator(RepostGenerator.Options.defaults());
    RepostGenerator b = new RepostGenerator(RepostGenerator.Options.defaults());
    RepostGenerator c = new RepostGenerator(RepostGenerator.Options.defaults().withSeed(7));
    Dataset da = a.generate("x", pool());
    Dataset db = b.generate("x", pool());
    Dataset dc = c.generate("x", pool());
    assertEquals(da.stream(), db.stream());
    assertEquals(da.pairs(), db.pairs());
    for (String id : da.pages().keySet()) {
      PageSpec pa = da.pages().get(id);
      PageSpec pb = db.pages().get(id);
      if (pa.html() != null) assertArrayEquals(pa.html(), pb.html(), id);
    }
    Article first = pool().get(0);
    String ra = new String(a.repost(first, Transform.REWRITE).page().html(), StandardCharsets.UTF_8);
    String rc = new String(c.repost(first, Transform.REWRITE).page().html(), StandardCharsets.UTF_8);
    assertNotEquals(ra, rc);
    assertEquals(ra, new String(b.repost(first, Transform.REWRITE).page().html(), StandardCharsets.UTF_8));
  }

  @Test
  void streamHasOriginalsFirstThenOneRepostPerKindAndNegatives() {
    Dataset d = new RepostGenerator(RepostGenerator.Options.defaults()).generate("x", pool());
    long originals = d.stream().stream().filter(i -> i.kind().equals("original")).count();
    assertEquals(3, originals); // 4 articles, 20% held out = 1
    for (int i = 0; i < originals; i++) assertEquals("original", d.stream().get(i).kind());
    for (Transform k : Transform.REPOSTS) {
      assertEquals(originals, d.stream().stream().filter(i -> i.kind().equals(k.key())).count(), k.key());
    }
    assertEquals(1, d.stream().stream().filter(i -> i.kind().startsWith("neg_")).count());
    assertTrue(d.pairs().stream().anyMatch(p -> !p.duplicate() && p.kind().equals("neg_template")));
    assertTrue(d.pairs().stream().anyMatch(p -> !p.duplicate() && p.kind().equals("neg_neighbour")));
  }

  @Test
  void naturalDuplicatesInTheSourceAreLeftOut() {
    List<Article> p = new ArrayList<>(pool());
    p.add(zh("zh/copy.html", "zh/site0"));
    p.add(zh("zh/copy2.html", "zh/site1"));
    Dataset d = new RepostGenerator(RepostGenerator.Options.defaults()).generate("x", p);
    assertTrue(d.notes().stream().anyMatch(n -> n.contains("zh/copy2.html")), d.notes().toString());
  }

  @Test
  void paragraphReorderKeepsTheMultisetOfParagraphs() {
    RepostGenerator g = new RepostGenerator(RepostGenerator.Options.defaults());
    RepostGenerator.Repost r = g.repost(zh("a", "g"), Transform.PARAGRAPH_REORDER);
    assertNotEquals(ZH, r.paragraphs());
    List<String> x = new ArrayList<>(r.paragraphs());
    List<String> y = new ArrayList<>(ZH);
    Collections.sort(x);
    Collections.sort(y);
    assertEquals(y, x);
  }

  @Test
  void sentenceReorderKeepsEachParagraphsSentences() {
    RepostGenerator.Repost r = new RepostGenerator(RepostGenerator.Options.defaults()).repost(en("a", "g"), Transform.SENTENCE_REORDER);
    assertEquals(EN.size(), r.paragraphs().size());
    for (int i = 0; i < EN.size(); i++) {
      List<String> a = new ArrayList<>(TextEdits.sentences(EN.get(i), false));
      List<String> b = new ArrayList<>(TextEdits.sentences(r.paragraphs().get(i), false));
      Collections.sort(a);
      Collections.sort(b);
      assertEquals(a, b);
    }
  }

  @Test
  void synonymSwapRateIsRoughlyAsAsked() {
    StringBuilder zh = new StringBuilder();
    StringBuilder en = new StringBuilder();
    for (int i = 0; i < 30; i++) {
      zh.append(String.join("", ZH));
      en.append(String.join(" ", EN)).append(' ');
    }
    for (double rate : new double[] {0.1, 0.5, 0.9}) {
      Synonyms.Result z = Synonyms.swap(zh.toString(), true, rate, new Random(1));
      Synonyms.Result e = Synonyms.swap(en.toString(), false, rate, new Random(1));
      assertTrue(z.eligible() > 300 && e.eligible() > 300, z.eligible() + " " + e.eligible());
      assertEquals(rate, (double) z.swapped() / z.eligible(), 0.06, "zh at " + rate);
      assertEquals(rate, (double) e.swapped() / e.eligible(), 0.06, "en at " + rate);
    }
    assertEquals(zh.toString(), Synonyms.swap(zh.toString(), true, 0, new Random(1)).text());
    assertTrue(Synonyms.chinese().size() >= 400 && Synonyms.english().size() >= 400); // 200+ pairs each way
  }

  @Test
  void englishSwapsKeepCapitals() {
    Synonyms.Result r = Synonyms.swap("Officials said the Big plan.", false, 1.0, new Random(3));
    assertEquals("Authorities stated the Large scheme.", r.text());
  }

  @Test
  void truncationKeepsTheAskedShareAtASentenceEnd() {
    for (double share : new double[] {0.3, 0.6, 0.9}) {
      List<String> t = TextEdits.truncate(ZH, true, share);
      double got = (double) TextEdits.chars(t) / TextEdits.chars(ZH);
      assertTrue(got >= share && got < share + 0.15, share + " -> " + got);
      String last = t.get(t.size() - 1);
      assertTrue(last.endsWith("。"), last);
      assertTrue(String.join("", ZH).startsWith(String.join("", t)));
    }
  }

  @Test
  void excerptIsAContiguousRunOfTheAskedShare() {
    String whole = String.join("", ZH);
    for (int seed = 0; seed < 20; seed++) {
      List<String> e = TextEdits.excerpt(ZH, true, 0.4, new Random(seed));
      String joined = String.join("", e);
      assertTrue(whole.contains(joined), joined);
      double share = (double) joined.length() / whole.length();
      assertTrue(share >= 0.4 && share < 0.6, "share " + share);
    }
  }

  @Test
  void punctuationChangesWidthOnly() {
    String half = TextEdits.punctuation("你好，世界。（测试）１２３", true, 1.0, new Random(1));
    assertEquals("你好,世界.(测试)123", half);
    String full = TextEdits.punctuation("Hi, 42!", false, 1.0, new Random(1));
    assertEquals(java.text.Normalizer.normalize(full, java.text.Normalizer.Form.NFKC), "Hi, 42!");
    assertNotEquals("Hi, 42!", full);
  }

  @Test
  void titleSourceRepostHasSourceLineAndSiteSuffixAndTheExtractorKeepsTheText() {
    Article a = zh("a", "zh/people");
    RepostGenerator g = new RepostGenerator(RepostGenerator.Options.defaults());
    g.generate("x", pool());
    RepostGenerator.Repost r = g.repost(a, Transform.TITLE_SOURCE);
    assertTrue(r.paragraphs().get(0).startsWith("来源：people"), r.paragraphs().get(0));
    assertTrue(r.title().endsWith(Templates.titleSuffix(r.template(), true)), r.title());
    Page p = r.page().toPage(new PageExtractor());
    assertTrue(p.status().hasText(), p.message());
    for (String para : ZH) assertTrue(p.text().contains(para.substring(0, 10)), p.text());
    // the template's sidebar and footer are not main text
    assertTrue(!p.text().contains("版权所有") && !p.text().contains("热点新闻"), p.text());
  }

  @Test
  void everyTemplateRendersTheArticleAndTheExtractorFindsIt() {
    PageExtractor ex = new PageExtractor();
    for (int t = 0; t < Templates.COUNT; t++) {
      for (boolean zh : new boolean[] {true, false}) {
        List<String> paras = zh ? ZH : EN;
        String html = Templates.render(t, zh, "T", paras, List.of("Other story one", "Other story two"), new Random(t));
        Page p = ex.extract("https://x.invalid/" + t, html);
        assertTrue(p.status().hasText(), "template " + t);
        double kept = (double) TextEdits.chars(List.of(p.text().split("\n"))) / TextEdits.chars(paras);
        assertTrue(kept > 0.9 && kept < 1.3, "template " + t + " zh=" + zh + " kept " + kept + ": " + p.text());
      }
    }
  }
}
