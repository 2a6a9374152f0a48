/*
 * Firmware for the PCI wakeup tests: QEMU describes the pci-testdev it
 * puts at 00:10.0 as \_SB.PCI0.S80 but gives it no _PRW, so Linux would
 * not treat it as a wakeup device.  Add one, as a platform's firmware
 * does for a device whose wake signal is routed to a GPE.  A test then
 * loads a table that notifies the device (Notify 0x2, Device Wake), the
 * path a GPE handler takes on real hardware.
 */
DefinitionBlock ("", "SSDT", 2, "WAKECT", "PCIWAKE", 1)
{
	External (\_SB.PCI0.S80, DeviceObj)

	Scope (\_SB.PCI0.S80)
	{
		/* GPE 0x0d (PME_B0 on ICH9), wakes from S3 */
		Name (_PRW, Package () { 0x0D, 0x03 })
	}
}
