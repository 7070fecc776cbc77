"""The generic dice tray: typed dice for any round system, the dice canvas, odds plot and worker."""
