"""Where the workbench listens (loopback unless asked, never a wildcard) and a clean stop on
Ctrl-C, over real sockets and the real executable."""

import socket
import subprocess
import unittest

from workbench_server import Workbench, binary


class BindingTests(unittest.TestCase):
    @staticmethod
    def non_loopback_address():
        """An IPv4 address of this machine other than loopback, or None."""
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent for UDP connect
            address = probe.getsockname()[0]
        except OSError:
            return None
        finally:
            probe.close()
        return None if address.startswith("127.") else address

    def test_without_host_it_listens_on_loopback_only(self):
        address = self.non_loopback_address()
        if address is None:
            self.skipTest("this machine has no non-loopback IPv4 address to try")
        workbench = Workbench(binary())
        try:
            self.assertTrue(workbench.url.startswith("http://127.0.0.1:"))
            with self.assertRaises(ConnectionRefusedError):
                socket.create_connection((address, workbench.port), timeout=5).close()
            socket.create_connection(("127.0.0.1", workbench.port), timeout=5).close()
        finally:
            workbench.stop()

    def test_a_non_loopback_host_is_taken_only_when_asked_and_warns(self):
        address = self.non_loopback_address()
        if address is None:
            self.skipTest("this machine has no non-loopback IPv4 address to try")
        workbench = Workbench(binary(), "--host", address)
        try:
            socket.create_connection((address, workbench.port), timeout=5).close()
        finally:
            status, _, err = workbench.interrupt()
        self.assertEqual(status, 0)
        self.assertIn(f"warning: --host {address}", err)

    def test_a_wildcard_host_is_refused_with_a_clear_error(self):
        for host in ["0.0.0.0", "::"]:
            with self.subTest(host=host):
                result = subprocess.run(
                    [binary(), "serve", "--port", "0", "--host", host],
                    capture_output=True, text=True, timeout=30)
                self.assertEqual(result.returncode, 2)
                self.assertIn(f"--host {host} is every address", result.stderr)
                self.assertIn("give one address of this machine", result.stderr)

    def test_ctrl_c_stops_it_cleanly(self):
        workbench = Workbench(binary())
        status, out, err = workbench.interrupt()
        self.assertEqual(status, 0, err)
        self.assertIn("Stopped.", out)


if __name__ == "__main__":
    unittest.main()
