; Per-user Windows installer for UWR Desktop (no administrator rights needed).
;
; packaging/build.py compiles it with:
;   makensis /DVERSION=X.Y.Z /DVERSION_QUAD=X.Y.Z.0 /DAPP_DIR=<frozen app folder>
;            /DOUT_FILE=<installer.exe> [/DICON=<app.ico>] [/DFAST] uwr-desktop.nsi

!ifndef VERSION
  !error "Pass the app version: /DVERSION=X.Y.Z"
!endif
!ifndef VERSION_QUAD
  !error "Pass the four-part version: /DVERSION_QUAD=X.Y.Z.0"
!endif
!ifndef APP_DIR
  !error "Pass the frozen app folder: /DAPP_DIR=dist\uwr-desktop"
!endif
!ifndef OUT_FILE
  !error "Pass the installer path: /DOUT_FILE=dist\uwr-desktop-X.Y.Z-windows-setup.exe"
!endif

!define APP_NAME "UWR Desktop"
!define APP_EXE "uwr-desktop.exe"
!define PROG_ID "UWRDesktop.Encounter"
!define FILE_EXT ".uwr"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\UWRDesktop"
!define SHCNE_ASSOCCHANGED 0x08000000
!define SHCNF_IDLIST 0

Unicode true
ManifestDPIAware true
!ifdef FAST
  SetCompressor zlib
!else
  SetCompressor /SOLID lzma
!endif

Name "${APP_NAME}"
OutFile "${OUT_FILE}"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\Programs\${APP_NAME}"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"

VIProductVersion "${VERSION_QUAD}"
VIAddVersionKey "ProductName" "${APP_NAME}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "${APP_NAME} installer"
VIAddVersionKey "LegalCopyright" "UWR Desktop team, MIT licence"

!include "MUI2.nsh"

!ifdef ICON
  !define MUI_ICON "${ICON}"
  !define MUI_UNICON "${ICON}"
!endif
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${APP_EXE}"

!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Function .onInit
  SetShellVarContext current
FunctionEnd

Function un.onInit
  SetShellVarContext current
FunctionEnd

Section "UWR Desktop" SecMain
  SectionIn RO
  SetOutPath "$INSTDIR"
  ; A previous version's files must not linger next to the new ones.
  RMDir /r "$INSTDIR\_internal"
  File /r "${APP_DIR}\*"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortcut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\${APP_EXE}"

  WriteRegStr HKCU "Software\Classes\${FILE_EXT}" "" "${PROG_ID}"
  WriteRegStr HKCU "Software\Classes\${FILE_EXT}" "Content Type" "application/x-uwr-encounter"
  WriteRegStr HKCU "Software\Classes\${PROG_ID}" "" "UWR Desktop encounter"
  WriteRegStr HKCU "Software\Classes\${PROG_ID}\DefaultIcon" "" "$INSTDIR\${APP_EXE},0"
  WriteRegStr HKCU "Software\Classes\${PROG_ID}\shell\open\command" "" '"$INSTDIR\${APP_EXE}" "%1"'
  System::Call 'shell32::SHChangeNotify(i ${SHCNE_ASSOCCHANGED}, i ${SHCNF_IDLIST}, p 0, p 0)'

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "UWR Desktop team"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${APP_EXE},0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"

  ; Only take the .uwr association back if it still points at this app.
  ReadRegStr $0 HKCU "Software\Classes\${FILE_EXT}" ""
  StrCmp $0 "${PROG_ID}" 0 +2
    DeleteRegKey HKCU "Software\Classes\${FILE_EXT}"
  DeleteRegKey HKCU "Software\Classes\${PROG_ID}"
  System::Call 'shell32::SHChangeNotify(i ${SHCNE_ASSOCCHANGED}, i ${SHCNF_IDLIST}, p 0, p 0)'

  DeleteRegKey HKCU "${UNINSTALL_KEY}"

  ; Remove only what the installer put there, never a folder the user chose that held more.
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${APP_EXE}"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
SectionEnd
