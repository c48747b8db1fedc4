package org.neardup.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/** Loopback ports: free ones to hand out, and whether something listens on one. */
final class FreePorts {
  private FreePorts() {}

  /** {@code n} distinct ports free on loopback now (held open together while chosen). */
  static List<Integer> take(int n) {
    List<ServerSocket> held = new ArrayList<>();
    try {
      List<Integer> ports = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        held.add(s);
        ports.add(s.getLocalPort());
      }
      return ports;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot find free loopback ports", e);
    } finally {
      for (ServerSocket s : held) {
        try {
          s.close();
        } catch (IOException ignored) {
          // closing a listening socket we opened
        }
      }
    }
  }

  /** True when a server accepts connections on this loopback port. */
  static boolean listening(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
