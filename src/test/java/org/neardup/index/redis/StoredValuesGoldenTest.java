package org.neardup.index.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.neardup.config.NeardupConfig;
import org.neardup.extract.Page;
import org.neardup.fingerprint.Hashes;
import org.neardup.fingerprint.IndexSignature;
import org.neardup.index.IndexLayout;
import org.neardup.index.PageEntry;
import org.neardup.runtime.Pipeline;

/**
 * Golden values: what the default configuration stores for two fixed small pages (English and
 * Chinese), from the HTML on: the content digest, the SimHash, the LSH band keys and their
 * addresses, the core terms, the sketch and the whole record as the Redis store writes it, and the
 * layout the namespace is checked against. Any change to extraction, normalisation, segmentation,
 * the fingerprints or the record makes this test fail: values stored before the change would no
 * longer match values computed after it, in the same namespace.
 *
 * <p>When a change is intended: make sure a namespace written before it is refused (add the
 * setting to the layout, {@code NeardupConfig.valueSettings}, or raise {@link IndexLayout#FORMAT}
 * when no setting explains the change), say so in docs/CONFIGURATION.md, then run
 * {@code mvn -o test -Dtest=StoredValuesGoldenTest} and copy the "actual" blocks of the failure
 * messages over the expected ones below.
 */
class StoredValuesGoldenTest {

  static final String EN = """
      <html><head><meta charset="utf-8"><title>River levels fall after the storm</title>
      <meta name="keywords" content="river, flood, storm"></head>
      <body><nav>Home | News | Weather</nav><article>
      <h1>River levels fall after the storm</h1>
      <p>The river fell by half a metre overnight as the storm moved east, and the town council
      said the flood barriers along the quay would stay in place until Friday.</p>
      <p>Engineers inspected the old stone bridge at dawn. They found loose paving on the north
      side but no damage to the arches, and the bridge reopened to traffic at nine o'clock.</p>
      <p>Residents of the lower streets were asked to keep sandbags at their doors for another two
      days, because more rain is expected in the hills on Thursday evening.</p>
      </article><footer>Copyright the Valley Gazette</footer></body></html>
      """;

  static final String ZH = """
      <html><head><meta charset="utf-8"><title>暴雨过后河水回落</title>
      <meta name="keywords" content="河水,暴雨,防洪"></head>
      <body><nav>首页 | 新闻 | 天气</nav><article>
      <h1>暴雨过后河水回落</h1>
      <p>随着暴雨云团向东移动，河水水位一夜之间下降了半米。镇政府表示，沿岸的防洪挡板将保留到星期五。</p>
      <p>工程师们在黎明时分检查了老石桥。他们在北侧发现了松动的铺路石，但桥拱没有受损，大桥于九点钟恢复通车。</p>
      <p>低洼街道的居民被要求在门口再放两天沙袋，因为预计星期四晚上山区还会有更多降雨。</p>
      </article><footer>版权所有 山谷日报</footer></body></html>
      """;

  static Pipeline pipeline;

  @BeforeAll
  static void load() {
    pipeline = Pipeline.of(NeardupConfig.defaults());
  }

  /** What the default configuration stores for the page at url, one value a line. */
  static String stored(String url, String html) {
    Page page = pipeline.extractor().extract(url, html.getBytes(StandardCharsets.UTF_8), null);
    IndexSignature f = IndexSignature.of(pipeline.fingerprinter().of(page));
    boolean near = f.textChars() >= NeardupConfig.defaults().detector().minTextChars();
    byte[] sketch = f.fine().encode();
    PageEntry entry = new PageEntry(url, url, 1_700_000_000_000L, page.title(), page.canonical(),
        f.digest().bytes(), near, f.simhash(), f.bands(), f.coreTerms(), sketch, org.neardup.detect.SiteKey.of(url));
    ByteBuffer bands = ByteBuffer.allocate(8 * f.bands().length);
    ByteBuffer addresses = ByteBuffer.allocate(8 * f.bands().length);
    for (int i = 0; i < f.bands().length; i++) {
      bands.putLong(f.bands()[i]);
      addresses.putLong(IndexLayout.bandAddress(i, f.bands()[i]));
    }
    return String.join("\n",
        "text_chars=" + f.textChars() + " near=" + near,
        "digest=" + f.digest().hex(),
        "simhash=" + Hashes.hex(f.simhash()),
        "bands=" + f.bands().length + " band0=" + Hashes.hex(f.bands()[0]) + " sha256=" + sha(bands.array()),
        "band_addresses=" + sha(addresses.array()),
        "core_terms=" + Hashes.hex(f.coreTerms()),
        "sketch=" + sketch.length + " bytes sha256=" + sha(sketch),
        "title_key=" + Hashes.hex(entry.titleKey()),
        "record=" + sha(RedisRecord.encode(entry, false)));
  }

  /** The first 16 hex digits of SHA-256. */
  static String sha(byte[] b) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b), 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void englishPage() {
    assertEquals("""
        text_chars=396 near=true
        digest=e6d8cbb7f53e06c34fb483e78b8a2f2d
        simhash=39b6ab0718dd2ffe
        bands=32 band0=ba4234a67bfd57e9 sha256=94ce8d1537e5b5ad
        band_addresses=46ff5cbdce93589f
        core_terms=dabc3c04132deae2
        sketch=181 bytes sha256=95ebdc3206dfac5b
        title_key=806c69f82ee51d50
        record=a929782485d7760d""", stored("https://gazette.example/river", EN), "actual");
  }

  @Test
  void chinesePage() {
    assertEquals("""
        text_chars=125 near=true
        digest=05d1278e24e66db6fee5b62824ae0ffe
        simhash=3fa3404a74fe2c40
        bands=32 band0=cf4aa83f5f125757 sha256=67225ed633af8116
        band_addresses=134bdc19125fbdde
        core_terms=8d669c900f71a574
        sketch=185 bytes sha256=af3fe605da120ad1
        title_key=8a1836372e182140
        record=f7bc447a3d3bbd19""", stored("https://ribao.example/hexue", ZH), "actual");
  }

  /** The layout every namespace of the default configuration is created with, and refuses others by. */
  @Test
  void defaultLayout() {
    IndexLayout l = new IndexLayout(NeardupConfig.defaults().index());
    assertEquals("""
        format=8,bloomExpectedItems=100000000,bloomFalsePositiveRate=1.0E-6,countingBloom=false,\
        confirmExact=true,simhashMaxDistance=3,simhashBlocks=5,lshBands=32,lshRows=2,maxCandidates=32,\
        core_terms.count=3,extract.max_bytes=5242880,idf.table=prior,list.items=short_lines+entries,\
        longest_sentences.count=5,min_text_chars=100,minhash.permutations=128,\
        minhash.seed=1592643597,sentence_boundary.parts=3,shingle.chars=5,shingle.item_order=joins,\
        shingle.list_repeats=counted,\
        shingle.short_lines=runs,shingle.words=3,\
        short_page.exact=title+heading+shown_text,simhash.weighting=tfidf,text.segmenter=jieba,\
        title_names.from=title+heading,title_names.kinds=code+commands+lower_case_openings,\
        title_names.written_in=text+qualified_heading
        9afd198d9d6c5075""", l.description() + "\n" + l.fingerprint(), "actual");
  }
}
