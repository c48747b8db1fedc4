package org.neardup.index.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Date;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.index.StoreException;

/**
 * rediss:// against a redis-server serving TLS with a certificate made here. The client trusts it
 * the way a deployment does: through the JVM's default SSLContext (in production, the worker's
 * {@code -Djavax.net.ssl.trustStore}).
 */
class RedisTlsTest {
  @TempDir static Path dir;
  static TestRedis.Server server;
  static int tlsPort;
  static SSLContext previous;

  @BeforeAll
  static void start() throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
    g.initialize(2048);
    KeyPair kp = g.generateKeyPair();
    X500Name name = new X500Name("CN=127.0.0.1");
    long now = System.currentTimeMillis();
    var builder = new JcaX509v3CertificateBuilder(name, BigInteger.valueOf(now), new Date(now - 60_000),
        new Date(now + 86_400_000L), name, kp.getPublic());
    builder.addExtension(Extension.subjectAlternativeName, false,
        new GeneralNames(new GeneralName(GeneralName.iPAddress, "127.0.0.1")));
    X509Certificate cert = new JcaX509CertificateConverter()
        .getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(kp.getPrivate())));
    Path certFile = pem(dir.resolve("redis.crt"), "CERTIFICATE", cert.getEncoded());
    Path keyFile = pem(dir.resolve("redis.key"), "PRIVATE KEY", kp.getPrivate().getEncoded());

    tlsPort = TestRedis.freePort();
    server = TestRedis.Server.start("tls-port " + tlsPort, "tls-cert-file " + certFile,
        "tls-key-file " + keyFile, "tls-ca-cert-file " + certFile, "tls-auth-clients no");

    KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
    trust.load(null, null);
    trust.setCertificateEntry("redis", cert);
    TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trust);
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(null, tmf.getTrustManagers(), null);
    previous = SSLContext.getDefault();
    SSLContext.setDefault(ctx);
  }

  @AfterAll
  static void stop() {
    if (previous != null) SSLContext.setDefault(previous);
    if (server != null) server.close();
  }

  static Path pem(Path file, String type, byte[] der) throws Exception {
    String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der);
    Files.writeString(file, "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n");
    return file;
  }

  @Test
  void theStoreWorksOverTls() {
    String url = "rediss://127.0.0.1:" + tlsPort;
    assertTrue(RedisSettings.of(url).tls());
    try (RedisFingerprintStore s = new RedisFingerprintStore(RedisSettings.of(url), RedisAuthTest.small("tls"))) {
      assertEquals(1, s.checkAndRecord(RedisAuthTest.page("http://a/1")).seq());
      assertTrue(s.checkAndRecord(RedisAuthTest.page("http://a/1")).replay());
    }
  }

  @Test
  void plainRedisToTheTlsPortFails() {
    String url = "redis://127.0.0.1:" + tlsPort;
    assertThrows(StoreException.class,
        () -> new RedisFingerprintStore(new RedisSettings(url, 500, 500, 1), RedisAuthTest.small("tls")).close());
  }
}
