package io.cangrid.live;

import io.netty.bootstrap.AbstractBootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.util.concurrent.ThreadFactory;

/**
 * The sockets between nodes: Linux's epoll where Netty's native transport loads, Java's NIO elsewhere. On
 * epoll a connection whose sent data stays unacknowledged for {@link #UNACKNOWLEDGED_MILLIS} is aborted
 * (TCP_USER_TIMEOUT). Without it, a connection a network partition cut stays open on both sides: what is
 * written to it after the partition heals waits for the kernel's next retransmission, minutes after a long
 * cut, while a new connection would have gone through at once. Aborted, it is opened again by the next
 * message. NIO offers no such option; there the cut connections recover when the kernel retransmits.
 */
final class Transport {

    /** How long sent data may stay unacknowledged before the connection is given up. */
    static final int UNACKNOWLEDGED_MILLIS = 15_000;
    static final boolean EPOLL = Epoll.isAvailable();

    private Transport() {
    }

    static EventLoopGroup group(int threads, ThreadFactory threadFactory) {
        return EPOLL ? new EpollEventLoopGroup(threads, threadFactory) : new NioEventLoopGroup(threads, threadFactory);
    }

    static Class<? extends ServerChannel> serverChannel() {
        return EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    static Class<? extends SocketChannel> channel() {
        return EPOLL ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    /** Gives up connections {@code b} opens once their data stays unacknowledged too long (epoll only). */
    static <B extends AbstractBootstrap<B, ?>> B abortUnacknowledged(B b) {
        return EPOLL ? b.option(EpollChannelOption.TCP_USER_TIMEOUT, UNACKNOWLEDGED_MILLIS) : b;
    }

    /** The same for the connections a server accepts. */
    static ServerBootstrap abortUnacknowledgedAccepted(ServerBootstrap b) {
        return EPOLL ? b.childOption(EpollChannelOption.TCP_USER_TIMEOUT, UNACKNOWLEDGED_MILLIS) : b;
    }

    /** One line for a node's log: which transport its connections use. */
    static String describe() {
        return EPOLL ? "epoll (connections with data unacknowledged for " + UNACKNOWLEDGED_MILLIS / 1000
                + " s are given up)" : "NIO (" + Epoll.unavailabilityCause() + ")";
    }
}
