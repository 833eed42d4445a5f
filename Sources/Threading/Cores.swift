import Glibc

/// How many cores this process may use: its CPU affinity (which `taskset` and a container's
/// cpuset narrow), not every CPU online. Work shared with a second thread asks this, so that
/// where one core is allowed it stays on one thread.
public enum Cores {
    public static var allowed: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
