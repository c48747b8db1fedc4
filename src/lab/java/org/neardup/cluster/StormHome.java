package org.neardup.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A {@code storm.home} laid out from Maven artifacts, as Storm's binary distribution would have it:
 * <dl>
 *   <dt>{@code lib/}</dt><dd>storm-client, storm-server and log4j with their dependencies: the
 *       daemons' class path (ZooKeeper comes shaded in storm-shaded-deps)</dd>
 *   <dt>{@code lib-worker/}</dt><dd>the same without storm-server: what a Supervisor puts on a
 *       worker's class path before the topology jar</dd>
 *   <dt>{@code extlib/}</dt><dd>empty</dd>
 *   <dt>{@code conf/storm.yaml}</dt><dd>one machine on loopback, every port chosen free</dd>
 *   <dt>{@code log4j2/cluster.xml, worker.xml}</dt><dd>daemon and worker logging to files</dd>
 * </dl>
 * The jars are copied by {@code mvn dependency:copy-dependencies} from a small generated pom, so
 * nothing beyond what Maven serves is needed.
 */
public final class StormHome {
  /** The Storm and log4j versions this project is built against (pom.xml). */
  static final String STORM_VERSION = "2.8.3";
  static final String LOG4J_VERSION = "2.25.2";

  private final Path dir;

  public StormHome(Path dir) {
    this.dir = dir.toAbsolutePath().normalize();
  }

  public Path dir() {
    return dir;
  }

  public Path lib() {
    return dir.resolve("lib");
  }

  public Path libWorker() {
    return dir.resolve("lib-worker");
  }

  public Path conf() {
    return dir.resolve("conf");
  }

  public Path stormYaml() {
    return conf().resolve("storm.yaml");
  }

  public Path logs() {
    return dir.resolve("logs");
  }

  public Path localDir() {
    return dir.resolve("storm-local");
  }

  /** The daemons' class path: lib/* and conf. */
  public String daemonClassPath() {
    return lib() + "/*" + java.io.File.pathSeparator + conf();
  }

  /** True when both jar folders hold jars. */
  public boolean hasJars() {
    return hasJars(lib()) && hasJars(libWorker());
  }

  private static boolean hasJars(Path d) {
    if (!Files.isDirectory(d)) return false;
    try (Stream<Path> s = Files.list(d)) {
      return s.anyMatch(p -> p.toString().endsWith(".jar"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Copies the jars into lib/ and lib-worker/ (once; a home that has them keeps them).
   *
   * @param mvn the Maven command ("mvn")
   * @param log where Maven's output goes
   */
  public void copyJars(String mvn, Path log) throws IOException, InterruptedException {
    if (hasJars()) return;
    Files.createDirectories(dir.resolve("extlib"));
    Path poms = dir.resolve("poms");
    Files.createDirectories(poms);
    copy(mvn, poms.resolve("lib-worker.xml"), pom(false), libWorker(), log);
    copy(mvn, poms.resolve("lib.xml"), pom(true), lib(), log);
  }

  private static void copy(String mvn, Path pom, String text, Path into, Path log)
      throws IOException, InterruptedException {
    Files.writeString(pom, text, StandardCharsets.UTF_8);
    Process p = new ProcessBuilder(mvn, "-B", "-q", "-f", pom.toString(), "dependency:copy-dependencies",
        "-DincludeScope=runtime", "-DoutputDirectory=" + into)
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    if (p.waitFor() != 0) {
      throw new IOException("mvn dependency:copy-dependencies for " + into + " failed (exit " + p.exitValue()
          + "), see " + log);
    }
  }

  /** The pom whose runtime dependencies are a storm.home's lib/ (with storm-server) or lib-worker/. */
  static String pom(boolean server) {
    StringBuilder deps = new StringBuilder();
    dep(deps, "org.apache.storm", "storm-client", STORM_VERSION);
    if (server) dep(deps, "org.apache.storm", "storm-server", STORM_VERSION);
    dep(deps, "org.apache.logging.log4j", "log4j-core", LOG4J_VERSION);
    dep(deps, "org.apache.logging.log4j", "log4j-slf4j2-impl", LOG4J_VERSION);
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <project xmlns="http://maven.apache.org/POM/4.0.0">
          <modelVersion>4.0.0</modelVersion>
          <groupId>org.neardup.cluster</groupId>
          <artifactId>storm-home-%s</artifactId>
          <version>1</version>
          <packaging>pom</packaging>
          <dependencies>
        %s  </dependencies>
          <build><plugins><plugin>
            <groupId>org.apache.maven.plugins</groupId>
            <artifactId>maven-dependency-plugin</artifactId>
            <version>3.6.1</version>
          </plugin></plugins></build>
        </project>
        """.formatted(server ? "lib" : "lib-worker", deps);
  }

  private static void dep(StringBuilder b, String group, String artifact, String version) {
    b.append("    <dependency><groupId>").append(group).append("</groupId><artifactId>").append(artifact)
        .append("</artifactId><version>").append(version).append("</version></dependency>\n");
  }

  /** Writes conf/storm.yaml for these ports, and the two log4j2 files. */
  public void writeConfig(Ports ports) throws IOException {
    Files.createDirectories(conf());
    Files.createDirectories(logs());
    Files.createDirectories(localDir());
    Files.createDirectories(dir.resolve("extlib"));
    Files.writeString(stormYaml(), stormYaml(ports, localDir()), StandardCharsets.UTF_8);
    Path log4j = dir.resolve("log4j2");
    Files.createDirectories(log4j);
    Files.writeString(log4j.resolve("cluster.xml"), log4j("${sys:storm.log.dir}/${sys:logfile.name}"),
        StandardCharsets.UTF_8);
    Files.writeString(log4j.resolve("worker.xml"),
        log4j("${sys:workers.artifacts}/${sys:storm.id}/${sys:worker.port}/${sys:logfile.name}"),
        StandardCharsets.UTF_8);
  }

  /** The free loopback ports of one cluster. */
  public record Ports(int zookeeper, int nimbus, int supervisor, List<Integer> slots, int ui, int logviewer,
      int drpc, int drpcInvocations, int drpcHttp) {
    /** Ports free now, {@code slots} of them for workers. */
    public static Ports free(int slots) {
      List<Integer> p = FreePorts.take(8 + slots);
      return new Ports(p.get(0), p.get(1), p.get(2), List.copyOf(p.subList(8, 8 + slots)), p.get(3), p.get(4),
          p.get(5), p.get(6), p.get(7));
    }
  }

  static String stormYaml(Ports p, Path localDir) {
    Map<String, Object> y = new LinkedHashMap<>();
    y.put("storm.zookeeper.servers", List.of("127.0.0.1"));
    y.put("storm.zookeeper.port", p.zookeeper());
    y.put("nimbus.seeds", List.of("127.0.0.1"));
    y.put("nimbus.thrift.port", p.nimbus());
    y.put("supervisor.thrift.port", p.supervisor());
    y.put("supervisor.slots.ports", p.slots());
    y.put("storm.local.dir", localDir.toString());
    y.put("storm.local.hostname", "127.0.0.1");
    // the EvenScheduler spreads a topology over topology.workers workers
    y.put("storm.scheduler", "org.apache.storm.scheduler.DefaultScheduler");
    // Storm's default names Java 8 GC options
    y.put("worker.childopts", "-Xmx512m");
    y.put("ui.port", p.ui());
    y.put("logviewer.port", p.logviewer());
    y.put("drpc.port", p.drpc());
    y.put("drpc.invocations.port", p.drpcInvocations());
    y.put("drpc.http.port", p.drpcHttp());
    StringBuilder b = new StringBuilder("# a one-machine Storm cluster on loopback (neardup cluster up)\n");
    for (Map.Entry<String, Object> e : y.entrySet()) {
      b.append(e.getKey()).append(": ");
      if (e.getValue() instanceof List<?> l) {
        List<String> items = new ArrayList<>();
        for (Object o : l) items.add(o instanceof String s ? quote(s) : String.valueOf(o));
        b.append('[').append(String.join(", ", items)).append(']');
      } else if (e.getValue() instanceof String s) {
        b.append(quote(s));
      } else {
        b.append(e.getValue());
      }
      b.append('\n');
    }
    return b.toString();
  }

  private static String quote(String s) {
    return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }

  private static String log4j(String file) {
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <Configuration status="WARN" monitorInterval="0">
          <Appenders>
            <File name="file" fileName="%s" append="true">
              <PatternLayout pattern="%%d{yyyy-MM-dd HH:mm:ss.SSS} %%c{1.} %%t [%%p] %%msg%%n"/>
            </File>
          </Appenders>
          <Loggers>
            <Logger name="org.apache.storm.shade.org.apache.zookeeper" level="warn"/>
            <Logger name="org.apache.storm.shade.org.apache.curator" level="warn"/>
            <Root level="info"><AppenderRef ref="file"/></Root>
          </Loggers>
        </Configuration>
        """.formatted(file);
  }
}
