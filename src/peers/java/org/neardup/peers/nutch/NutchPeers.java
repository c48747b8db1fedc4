package org.neardup.peers.nutch;

import java.util.List;
import java.util.function.Supplier;
import org.neardup.peers.Peer;

/** Nutch's peers; found by {@code Peers.nutch()} by name, so the default build never links Nutch. */
public final class NutchPeers implements Supplier<List<Peer>> {
  @Override
  public List<Peer> get() {
    return List.of(NutchSignaturePeer.md5(), NutchSignaturePeer.textProfile(Peer.Source.MAIN_TEXT),
        NutchSignaturePeer.textProfile(Peer.Source.PAGE_TEXT));
  }
}
