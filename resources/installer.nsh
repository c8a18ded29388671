; Included by electron-builder's NSIS installer (electron-builder.json, nsis.include).
; Offers the app in Explorer's "Open with" for .json files without taking
; .json's default: electron-builder's own fileAssociations would write the
; app's ProgID as the default value of Software\Classes\.json. Here the ProgID
; is only listed under .json\OpenWithProgids, and the uninstaller removes both.

!define CAVEMAN_JSON_PROGID "CavemanShrink.json"

!macro customInstall
  WriteRegStr SHELL_CONTEXT "Software\Classes\${CAVEMAN_JSON_PROGID}" "" "JSON tool catalog"
  WriteRegStr SHELL_CONTEXT "Software\Classes\${CAVEMAN_JSON_PROGID}\DefaultIcon" "" "$appExe,0"
  WriteRegStr SHELL_CONTEXT "Software\Classes\${CAVEMAN_JSON_PROGID}\shell\open\command" "" '"$appExe" "%1"'
  WriteRegNone SHELL_CONTEXT "Software\Classes\.json\OpenWithProgids" "${CAVEMAN_JSON_PROGID}"
  System::Call 'shell32::SHChangeNotify(i, i, i, i) v (0x08000000, 0, 0, 0)'
!macroend

!macro customUnInstall
  DeleteRegValue SHELL_CONTEXT "Software\Classes\.json\OpenWithProgids" "${CAVEMAN_JSON_PROGID}"
  DeleteRegKey SHELL_CONTEXT "Software\Classes\${CAVEMAN_JSON_PROGID}"
  System::Call 'shell32::SHChangeNotify(i, i, i, i) v (0x08000000, 0, 0, 0)'
!macroend
