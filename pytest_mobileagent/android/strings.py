"""The translations of the system strings the simulated AOSP apps show, and Android's choice of them by locale.

A phone in de-DE shows Settings' "Network & internet" as "Netzwerk & Internet" and the launcher's Settings icon as
"Einstellungen": each app's ``res/values-<qualifier>/strings.xml`` holds its translations and the resource system
picks the qualifier that best fits the configuration's locale. This catalog keeps, per app, the English text a
simulated screen shows, the name of the AOSP string resource it is (``network_dashboard_title``), and that
resource's translation in each resource locale B-MoCA's device configurations reach (:data:`RESOURCE_LOCALES`).
:func:`resource_locale` does the resource system's choice (``zh-hans-CN`` reads ``values-zh-rCN``, ``pt-BR``
reads ``values-pt``, ``ar-EG`` and ``ar-AE`` read ``values-ar``; ``ak-GH`` has no ``values-ak`` and reads the
default English strings, as on a phone); :func:`translate` gives a string in a locale (itself where the catalog has
no translation).

Sources, read for the facts only: Settings from AOSP's Android 9 resources (the newest whose translations could be
read here), DeskClock, Dialer and DocumentsUI from LineageOS 21's copies of the AOSP apps, Contacts, Calendar and
Music from AOSP main, Camera2 from LineageOS. Where Android 13 renamed a string in English but kept its resource
(``network_dashboard_title``: "Network & Internet" became "Network & internet") the resource's translation is kept.

Known divergences from a real phone, each a string that stays English in every locale:

- strings Settings gained after Android 9 ("Sound & vibration", "Internet", "Connection preferences", "Apps",
  "Dark theme", "Call volume", "Ring & notification volume", "Vibrate for calls", "Use Bluetooth") and summaries;
- strings AOSP has no translation of (Dialer's "key pad"; Music's label in Urdu);
- the strings of Google's closed apps (Gmail, YouTube, Maps, Photos, Chrome, Google Messages, the Google app) and of
  the third-party apps, which AOSP does not hold, and the Pixel launcher's own strings (only the app labels it
  shows are translated);
- dates, times and numbers (AM/PM, weekday names), which a phone formats by locale;
- right-to-left mirroring of the layout in Arabic and Urdu.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from pytest_mobileagent.android import (
    aosp_calendar,
    camera,
    contacts,
    deskclock,
    dialer,
    documentsui,
    launcher,
    music,
    settings_app,
)

#: A string's resource name and its translation by resource locale (``"de"``, ``"zh-rCN"``).
Entry = tuple[str, dict[str, str]]
#: The resource locales the catalog holds (``values-<qualifier>``); ``""`` is the default (English) strings.
RESOURCE_LOCALES = ("ar", "de", "es-rUS", "fr-rCA", "hi", "ja", "ko", "pt", "pt-rPT", "ru", "ur", "zh-rCN")

# -- the strings, by app ----------------------------------------------------------------------------------------

SETTINGS: dict[str, Entry] = {
    'Settings': ('settings_label', {
        'ar': 'الإعدادات', 'de': 'Einstellungen', 'es-rUS': 'Configuración', 'fr-rCA': 'Paramètres', 'hi': 'सेटिंग',
        'ja': '設定', 'ko': '설정', 'pt': 'Configurações', 'pt-rPT': 'Definições', 'ru': 'Настройки',
        'ur': 'ترتیبات', 'zh-rCN': '设置',
    }),
    'Search settings': ('search_menu', {
        'ar': 'البحث في الإعدادات', 'de': 'Einstellungen durchsuchen', 'es-rUS': 'Buscar en la configuración',
        'fr-rCA': 'Rechercher dans les paramètres', 'hi': 'सेटिंग में खोजें', 'ja': '検索', 'ko': '설정 검색',
        'pt': 'Procurar nas configurações', 'pt-rPT': 'Definições de pesquisa', 'ru': 'Поиск настроек',
        'ur': 'ترتیبات تلاش کریں', 'zh-rCN': '在设置中搜索',
    }),
    'Network & internet': ('network_dashboard_title', {
        'ar': 'الشبكة والإنترنت', 'de': 'Netzwerk & Internet', 'es-rUS': 'Internet y redes',
        'fr-rCA': 'Réseau et Internet', 'hi': 'नेटवर्क और इंटरनेट', 'ja': 'ネットワークとインターネット',
        'ko': '네트워크 및 인터넷', 'pt': 'Rede e internet', 'pt-rPT': 'Rede e Internet', 'ru': 'Сеть и Интернет',
        'ur': 'نیٹ ورک اور انٹرنیٹ', 'zh-rCN': '网络和互联网',
    }),
    'Connected devices': ('connected_devices_dashboard_title', {
        'ar': 'الأجهزة المرتبطة', 'de': 'Verbundene Geräte', 'es-rUS': 'Dispositivos conectados',
        'fr-rCA': 'Appareils connectés', 'hi': 'कनेक्ट किए गए डिवाइस', 'ja': '接続済みの端末', 'ko': '연결된 기기',
        'pt': 'Dispositivos conectados', 'pt-rPT': 'Dispositivos ligados', 'ru': 'Подключенные устройства',
        'ur': 'منسلک آلات', 'zh-rCN': '已连接的设备',
    }),
    'Notifications': ('configure_notification_settings', {
        'ar': 'الإشعارات', 'de': 'Benachrichtigungen', 'es-rUS': 'Notificaciones', 'fr-rCA': 'Notifications',
        'hi': 'सूचनाएं', 'ja': '通知', 'ko': '알림', 'pt': 'Notificações', 'pt-rPT': 'Notificações',
        'ru': 'Уведомления', 'ur': 'اطلاعات', 'zh-rCN': '通知',
    }),
    'Battery': ('power_usage_summary_title', {
        'ar': 'البطارية', 'de': 'Akku', 'es-rUS': 'Batería', 'fr-rCA': 'Pile', 'hi': 'बैटरी', 'ja': '電池',
        'ko': '배터리', 'pt': 'Bateria', 'pt-rPT': 'Bateria', 'ru': 'Батарея', 'ur': 'بیٹری', 'zh-rCN': '电池',
    }),
    'Storage': ('storage_settings', {
        'ar': 'التخزين', 'de': 'Speicher', 'es-rUS': 'Espacio de almacenamiento', 'fr-rCA': 'Stockage',
        'hi': 'मेमोरी', 'ja': 'ストレージ', 'ko': '저장용량', 'pt': 'Armazenamento', 'pt-rPT': 'Armazenamento',
        'ru': 'Хранилище', 'ur': 'اسٹوریج', 'zh-rCN': '存储',
    }),
    'Display': ('display_settings', {
        'ar': 'الشاشة', 'de': 'Display', 'es-rUS': 'Pantalla', 'fr-rCA': 'Affichage', 'hi': 'डिसप्ले',
        'ja': 'ディスプレイ', 'ko': '디스플레이', 'pt': 'Tela', 'pt-rPT': 'Ecrã', 'ru': 'Экран', 'ur': 'ڈسپلے',
        'zh-rCN': '显示',
    }),
    'Accessibility': ('accessibility_settings', {
        'ar': 'إمكانية الدخول', 'de': 'Bedienungshilfen', 'es-rUS': 'Accesibilidad', 'fr-rCA': 'Accessibilité',
        'hi': 'सुलभता', 'ja': 'ユーザー補助', 'ko': '접근성', 'pt': 'Acessibilidade', 'pt-rPT': 'Acessibilidade',
        'ru': 'Спец. возможности', 'ur': 'ایکسیسبیلٹی', 'zh-rCN': '无障碍',
    }),
    'Location': ('location_settings_title', {
        'ar': 'الموقع', 'de': 'Standort', 'es-rUS': 'Ubicación', 'fr-rCA': 'Position', 'hi': 'जगह',
        'ja': '位置情報', 'ko': '위치', 'pt': 'Localização', 'pt-rPT': 'Localização', 'ru': 'Местоположение',
        'ur': 'مقام', 'zh-rCN': '位置信息',
    }),
    'System': ('header_category_system', {
        'ar': 'النظام', 'de': 'System', 'es-rUS': 'Sistema', 'fr-rCA': 'Système', 'hi': 'सिस्\u200dटम',
        'ja': 'システム', 'ko': '시스템', 'pt': 'Sistema', 'pt-rPT': 'Sistema', 'ru': 'Система', 'ur': 'سسٹم',
        'zh-rCN': '系统',
    }),
    'Bluetooth': ('bluetooth_settings_title', {
        'ar': 'بلوتوث', 'de': 'Bluetooth', 'es-rUS': 'Bluetooth', 'fr-rCA': 'Bluetooth', 'hi': 'ब्लूटूथ',
        'ja': 'Bluetooth', 'ko': '블루투스', 'pt': 'Bluetooth', 'pt-rPT': 'Bluetooth', 'ru': 'Bluetooth',
        'ur': 'بلوٹوتھ', 'zh-rCN': '蓝牙',
    }),
    'Languages & input': ('language_settings', {
        'ar': 'اللغات والإدخال', 'de': 'Sprachen & Eingabe', 'es-rUS': 'Idiomas y entradas',
        'fr-rCA': "Langues et modes d'entrée", 'hi': 'भाषाएं और इनपुट', 'ja': '言語と入力', 'ko': '언어 및 입력',
        'pt': 'Idiomas e entrada', 'pt-rPT': 'Idiomas e introdução', 'ru': 'Язык и ввод', 'ur': 'زبانیں اور ان پٹ',
        'zh-rCN': '语言和输入法',
    }),
    'Languages': ('language_picker_title', {
        'ar': 'اللغات', 'de': 'Sprachen', 'es-rUS': 'Idiomas', 'fr-rCA': 'Langues', 'hi': 'भाषाएं', 'ja': '言語',
        'ko': '언어', 'pt': 'Idiomas', 'pt-rPT': 'Idiomas', 'ru': 'Языки', 'ur': 'زبانیں', 'zh-rCN': '语言',
    }),
    'Add a language': ('add_a_language', {
        'ar': 'إضافة لغة', 'de': 'Sprache hinzufügen', 'es-rUS': 'Agregar un idioma',
        'fr-rCA': 'Ajouter une langue', 'hi': 'भाषा जोड़ें', 'ja': '言語を追加', 'ko': '언어 추가',
        'pt': 'Adicionar um idioma', 'pt-rPT': 'Adicionar um idioma', 'ru': 'Добавить', 'ur': 'ایک زبان شامل کریں',
        'zh-rCN': '添加语言',
    }),
    'All apps': ('filter_all_apps', {
        'ar': 'جميع التطبيقات', 'de': 'Alle Apps', 'es-rUS': 'Todas las apps', 'fr-rCA': 'Toutes les applications',
        'hi': 'सभी ऐप', 'ja': 'すべてのアプリ', 'ko': '모든 앱', 'pt': 'Todos os apps',
        'pt-rPT': 'Todas as aplicações', 'ru': 'Все приложения', 'ur': 'سبھی ایپس', 'zh-rCN': '所有应用',
    }),
    'App info': ('application_info_label', {
        'ar': 'معلومات التطبيق', 'de': 'App-Info', 'es-rUS': 'Info. de la aplicación',
        'fr-rCA': "Infos sur l'application", 'hi': 'ऐप की जानकारी', 'ja': 'アプリ情報', 'ko': '앱 정보',
        'pt': 'Informações do app', 'pt-rPT': 'Info. da aplicação', 'ru': 'О приложении', 'ur': 'ایپ کی معلومات',
        'zh-rCN': '应用信息',
    }),
    'See all {} apps': ('see_all_apps_title', {
        'ar': 'عرض كل التطبيقات البالغ عددها {}', 'de': 'Alle {} Apps anzeigen', 'es-rUS': 'Ver las {} apps',
        'fr-rCA': 'Afficher les {} applications', 'hi': 'सभी {} ऐप्लिकेशन देखें', 'ja': '{} 個のアプリをすべて表示',
        'ko': '앱 {}개 모두 보기', 'pt': 'Ver todos os {} apps', 'pt-rPT': 'Ver as {} aplicações',
        'ru': 'Показать все приложения ({})', 'ur': 'سبھی {} ایپس دیکھیں', 'zh-rCN': '查看全部 {} 个应用',
    }),
    'Pair new device': ('bluetooth_pairing_pref_title', {
        'ar': 'إقران جهاز جديد', 'de': 'Neues Gerät koppeln', 'es-rUS': 'Sincronizar dispositivo nuevo',
        'fr-rCA': 'Associer un appareil', 'hi': 'नए डिवाइस जोड़ें', 'ja': '新しいデバイスとペア設定する',
        'ko': '새 기기와 페어링', 'pt': 'Parear novo dispositivo', 'pt-rPT': 'Sincr. novo dispositivo',
        'ru': 'Добавить устройство', 'ur': 'نئے آلہ کا جوڑا بنائیں', 'zh-rCN': '与新设备配对',
    }),
    'Airplane mode': ('airplane_mode', {
        'ar': 'وضع الطائرة', 'de': 'Flugmodus', 'es-rUS': 'Modo avión', 'fr-rCA': 'Mode avion',
        'hi': 'हवाई जहाज मोड', 'ja': '機内モード', 'ko': '비행기 모드', 'pt': 'Modo avião', 'pt-rPT': 'Modo de voo',
        'ru': 'Режим полета', 'ur': 'ہوائی جہاز وضع', 'zh-rCN': '飞行模式',
    }),
    'Add network': ('wifi_add_network', {
        'ar': 'إضافة شبكة', 'de': 'Netzwerk hinzufügen', 'es-rUS': 'Agregar red', 'fr-rCA': 'Ajouter un réseau',
        'hi': 'नेटवर्क जोड़ें', 'ja': 'ネットワークを追加', 'ko': '네트워크 추가', 'pt': 'Adicionar rede',
        'pt-rPT': 'Adicionar rede', 'ru': 'Добавить сеть', 'ur': 'نیٹ ورک شامل کریں', 'zh-rCN': '添加网络',
    }),
    'Hotspot & tethering': ('tether_settings_title_all', {
        'ar': 'نقطة الاتصال والتوصيل', 'de': 'Hotspot und Tethering',
        'es-rUS': 'Hotspots y dispositivos portátiles', 'fr-rCA': 'Partage de connexion',
        'hi': 'हॉटस्पॉट और टेदरिंग', 'ja': 'アクセス ポイントとテザリング', 'ko': '핫스팟 및 테더링',
        'pt': 'Ponto de acesso e tethering', 'pt-rPT': 'Ponto de acesso e tethering', 'ru': 'Точка доступа и модем',
        'ur': 'ہاٹ اسپاٹ اور ٹیدرنگ', 'zh-rCN': '热点和网络共享',
    }),
    'Brightness level': ('brightness', {
        'ar': 'مستوى السطوع', 'de': 'Helligkeit', 'es-rUS': 'Nivel de brillo', 'fr-rCA': 'Niveau de luminosité',
        'hi': 'स्क्रीन की रोशनी का स्तर', 'ja': '明るさのレベル', 'ko': '밝기 수준', 'pt': 'Nível de brilho',
        'pt-rPT': 'Nível de luminosidade', 'ru': 'Яркость', 'ur': 'چمک کی سطح', 'zh-rCN': '亮度',
    }),
    'Adaptive brightness': ('auto_brightness_title', {
        'ar': 'السطوع التلقائي', 'de': 'Automatische Helligkeit', 'es-rUS': 'Brillo automático',
        'fr-rCA': 'Luminosité adaptative', 'hi': 'रोशनी के हिसाब से स्क्रीन की चमक', 'ja': '明るさの自動調節',
        'ko': '밝기 자동 조절', 'pt': 'Brilho adaptável', 'pt-rPT': 'Luminosidade adaptável',
        'ru': 'Адаптивная яркость', 'ur': 'تغیر پذیر چمک', 'zh-rCN': '自动调节亮度',
    }),
    'Font size': ('title_font_size', {
        'ar': 'حجم الخط', 'de': 'Schriftgröße', 'es-rUS': 'Tamaño de fuente', 'fr-rCA': 'Taille de police',
        'hi': 'अक्षरों का आकार', 'ja': 'フォントサイズ', 'ko': '글꼴 크기', 'pt': 'Tamanho da fonte',
        'pt-rPT': 'Tamanho do tipo de letra', 'ru': 'Размер шрифта', 'ur': 'فونٹ سائز', 'zh-rCN': '字体大小',
    }),
    'Media volume': ('media_volume_option_title', {
        'ar': 'مستوى صوت الوسائط', 'de': 'Medienlautstärke', 'es-rUS': 'Volumen multimedia',
        'fr-rCA': 'Volume du contenu multimédia', 'hi': 'मीडिया की आवाज़', 'ja': 'メディアの音量',
        'ko': '미디어 볼륨', 'pt': 'Volume de mídia', 'pt-rPT': 'Volume de multimédia', 'ru': 'Музыка, видео, игры',
        'ur': 'میڈیا والیوم', 'zh-rCN': '媒体音量',
    }),
    'Alarm volume': ('alarm_volume_option_title', {
        'ar': 'مستوى صوت المنبّه', 'de': 'Weckerlautstärke', 'es-rUS': 'Volumen de alarma',
        'fr-rCA': "Volume de l'alarme", 'hi': 'अलार्म की आवाज़', 'ja': 'アラームの音量', 'ko': '알람 볼륨',
        'pt': 'Volume do alarme', 'pt-rPT': 'Volume do alarme', 'ru': 'Будильник', 'ur': 'الارم والیوم',
        'zh-rCN': '闹钟音量',
    }),
    'Gestures': ('gesture_preference_title', {
        'ar': 'الإيماءات', 'de': 'Bewegungen', 'es-rUS': 'Gestos', 'fr-rCA': 'Gestes',
        'hi': 'हाथ के जेस्चर (स्पर्श)', 'ja': '操作', 'ko': '동작', 'pt': 'Gestos', 'pt-rPT': 'Gestos',
        'ru': 'Жесты', 'ur': 'اشارے', 'zh-rCN': '手势',
    }),
    'Date & time': ('date_and_time_settings_title', {
        'ar': 'التاريخ والوقت', 'de': 'Datum & Uhrzeit', 'es-rUS': 'Fecha y hora', 'fr-rCA': 'Date et heure',
        'hi': 'तारीख और समय', 'ja': '日付と時刻', 'ko': '날짜 및 시간', 'pt': 'Data e hora',
        'pt-rPT': 'Data e hora', 'ru': 'Дата и время', 'ur': 'تاریخ اور وقت', 'zh-rCN': '日期和时间',
    }),
    'Backup': ('privacy_settings_title', {
        'ar': 'الاحتفاظ بنسخة احتياطية', 'de': 'Sicherung', 'es-rUS': 'Copia de seguridad', 'fr-rCA': 'Sauvegarde',
        'hi': 'बैकअप लें', 'ja': 'バックアップ', 'ko': '백업', 'pt': 'Backup', 'pt-rPT': 'Cópia de segurança',
        'ru': 'Резервное копирование', 'ur': 'بیک اپ', 'zh-rCN': '备份',
    }),
    'Reset options': ('reset_dashboard_title', {
        'ar': 'خيارات إعادة التعيين', 'de': 'Optionen zurücksetzen', 'es-rUS': 'Opciones de restablecimiento',
        'fr-rCA': 'Options de réinitialisation', 'hi': 'रीसेट विकल्प', 'ja': 'リセット オプション',
        'ko': '옵션 재설정', 'pt': 'Redefinir opções', 'pt-rPT': 'Opções de reposição', 'ru': 'Сброс настроек',
        'ur': 'ری سیٹ کے اختیارات', 'zh-rCN': '重置选项',
    }),
    'Spell checker': ('spellcheckers_settings_title', {
        'ar': 'المدقق الإملائي', 'de': 'Rechtschreibprüfung', 'es-rUS': 'Corrector ortográfico',
        'fr-rCA': 'Correcteur orthographique', 'hi': 'स्पेलिंग जाँचने वाला', 'ja': 'スペルチェック',
        'ko': '맞춤법 검사기', 'pt': 'Corretor ortográfico', 'pt-rPT': 'Corretor ortográfico',
        'ru': 'Проверка правописания', 'ur': 'سپیل چیکر', 'zh-rCN': '拼写检查工具',
    }),
    'Printing': ('print_settings', {
        'ar': 'الطباعة', 'de': 'Drucken', 'es-rUS': 'Impresión', 'fr-rCA': 'Impression', 'hi': 'प्रिंटिंग',
        'ja': '印刷', 'ko': '인쇄', 'pt': 'Impressão', 'pt-rPT': 'Impressão', 'ru': 'Печать', 'ur': 'پرنٹنگ',
        'zh-rCN': '打印',
    }),
    'Force stop': ('force_stop', {
        'ar': 'فرض الإيقاف', 'de': 'Beenden erzwingen', 'es-rUS': 'Forzar la detención', 'fr-rCA': "Forcer l'arrêt",
        'hi': 'ज़बरदस्ती रोकें', 'ja': '強制停止', 'ko': '강제 종료', 'pt': 'Forçar parada',
        'pt-rPT': 'Forçar paragem', 'ru': 'Остановить', 'ur': 'زبردستی روکیں', 'zh-rCN': '强行停止',
    }),
    'Battery percentage': ('battery_percentage', {
        'ar': 'نسبة شحن البطارية', 'de': 'Akku-Prozentzahl', 'es-rUS': 'Porcentaje de batería',
        'fr-rCA': 'Pourcentage de charge de la pile', 'hi': 'बैटरी का प्रतिशत', 'ja': '電池残量',
        'ko': '배터리 잔량 비율', 'pt': 'Porcentagem da bateria', 'pt-rPT': 'Percentagem da bateria',
        'ru': 'Уровень заряда батареи', 'ur': 'بیٹری فیصد', 'zh-rCN': '电池电量百分比',
    }),
    'Free up space': ('storage_menu_free', {
        'ar': 'إخلاء بعض المساحة', 'de': 'Speicherplatz freigeben', 'es-rUS': 'Liberar espacio',
        'fr-rCA': "Libérer de l'espace", 'hi': 'जगह खाली करें', 'ja': '空き容量を増やす',
        'ko': '기기 여유 공간 확보', 'pt': 'Liberar espaço', 'pt-rPT': 'Libertar espaço', 'ru': 'Освободить место',
        'ur': '\u200fSpace خالی کریں', 'zh-rCN': '释放空间',
    }),
    'Autofill service': ('autofill_app', {
        'ar': 'خدمة الملء التلقائي', 'de': 'AutoFill-Dienst', 'es-rUS': 'Servicio autocompletar',
        'fr-rCA': 'Service de remplissage auto', 'hi': 'ऑटोमैटिक भरने की सेवा', 'ja': '自動入力サービス',
        'ko': '자동완성 서비스', 'pt': 'Preenchimento automático', 'pt-rPT': 'Preenchimento automático',
        'ru': 'Автозаполнение', 'ur': 'آٹو فل سروس', 'zh-rCN': '自动填充服务',
    }),
    'Android version': ('firmware_version', {
        'ar': '\u200fإصدار Android', 'de': 'Android-Version', 'es-rUS': 'Versión de Android',
        'fr-rCA': "Version d'Android", 'hi': 'Android वर्शन', 'ja': 'Androidバージョン', 'ko': 'Android 버전',
        'pt': 'Versão do Android', 'pt-rPT': 'Versão do Android', 'ru': 'Версия Android',
        'ur': '\u200fAndroid ورژن', 'zh-rCN': 'Android 版本',
    }),
    'Model': ('model_info', {
        'ar': 'الطراز', 'de': 'Modell', 'es-rUS': 'Modelo', 'fr-rCA': 'Modèle', 'hi': 'मॉडल', 'ja': 'モデル',
        'ko': '모델', 'pt': 'Modelo', 'pt-rPT': 'Modelo', 'ru': 'Модель', 'ur': 'ماڈل', 'zh-rCN': '型号',
    }),
    'Build number': ('build_number', {
        'ar': 'رقم الإصدار', 'de': 'Build-Nummer', 'es-rUS': 'Número de compilación', 'fr-rCA': 'Numéro de version',
        'hi': 'बिल्\u200dड नबंर', 'ja': 'ビルド番号', 'ko': '빌드 번호', 'pt': 'Número da versão',
        'pt-rPT': 'Número de compilação', 'ru': 'Номер сборки', 'ur': 'بلڈ نمبر', 'zh-rCN': '版本号',
    }),
}

DESKCLOCK: dict[str, Entry] = {
    'Alarm': ('menu_alarm', {
        'ar': 'المنبّه', 'de': 'Wecker', 'es-rUS': 'Alarma', 'fr-rCA': 'Alarme', 'hi': 'अलार्म', 'ja': 'アラーム',
        'ko': '알람', 'pt': 'Alarme', 'pt-rPT': 'Alarme', 'ru': 'Будильник', 'ur': 'الارم', 'zh-rCN': '闹钟',
    }),
    'Clock': ('menu_clock', {
        'ar': 'الساعة', 'de': 'Uhr', 'es-rUS': 'Reloj', 'fr-rCA': 'Horloge', 'hi': 'घड़ी', 'ja': '時計',
        'ko': '시계', 'pt': 'Relógio', 'pt-rPT': 'Relógio', 'ru': 'Часы', 'ur': 'گھڑی', 'zh-rCN': '时钟',
    }),
    'Timer': ('menu_timer', {
        'ar': 'موقت', 'de': 'Timer', 'es-rUS': 'Temporizador', 'fr-rCA': 'Minuterie', 'hi': 'टाइमर',
        'ja': 'タイマー', 'ko': '타이머', 'pt': 'Timer', 'pt-rPT': 'Temporizador', 'ru': 'Таймер', 'ur': 'ٹائمر',
        'zh-rCN': '定时器',
    }),
    'Stopwatch': ('menu_stopwatch', {
        'ar': 'ساعة توقيف', 'de': 'Stoppuhr', 'es-rUS': 'Cronómetro', 'fr-rCA': 'Chronomètre', 'hi': 'स्टॉपवॉच',
        'ja': 'ストップウォッチ', 'ko': '스톱워치', 'pt': 'Cronômetro', 'pt-rPT': 'Cronómetro', 'ru': 'Секундомер',
        'ur': 'اسٹاپ واچ', 'zh-rCN': '秒表',
    }),
    'Add alarm': ('button_alarms', {
        'ar': 'إضافة منبه', 'de': 'Weckruf hinzufügen', 'es-rUS': 'Agregar alarma', 'fr-rCA': 'Ajouter une alarme',
        'hi': 'अलार्म जोड़ें', 'ja': 'アラームを追加', 'ko': '알람 추가', 'pt': 'Adicionar alarme',
        'pt-rPT': 'Adicionar alarme', 'ru': 'Добавить будильник', 'ur': 'الارم شامل کریں', 'zh-rCN': '添加闹钟',
    }),
    'Expand alarm': ('expand_alarm', {
        'ar': 'توسيع المنبّه', 'de': 'Wecker maximieren', 'es-rUS': 'Expandir alarma',
        'fr-rCA': "Développer l'alarme", 'hi': 'अलार्म विस्तृत करें', 'ja': 'アラームを展開', 'ko': '알람 펼치기',
        'pt': 'Expandir alarme', 'pt-rPT': 'Expandir alarme', 'ru': 'Развернуть', 'ur': 'الارم کی توسیع کریں',
        'zh-rCN': '展开闹钟',
    }),
    'Collapse alarm': ('collapse_alarm', {
        'ar': 'تصغير المنبّه', 'de': 'Wecker minimieren', 'es-rUS': 'Contraer alarma', 'fr-rCA': "Réduire l'alarme",
        'hi': 'अलार्म संक्षिप्त करें', 'ja': 'アラームを折りたたむ', 'ko': '알람 접기', 'pt': 'Recolher alarme',
        'pt-rPT': 'Reduzir alarme', 'ru': 'Свернуть', 'ur': 'الارم کو سکیڑیں', 'zh-rCN': '收起闹钟',
    }),
    'Start': ('sw_start_button', {
        'ar': 'بدء', 'de': 'Starten', 'es-rUS': 'Comenzar', 'fr-rCA': 'Démarrer', 'hi': 'प्रारंभ करें',
        'ja': '開始', 'ko': '시작', 'pt': 'Iniciar', 'pt-rPT': 'Iniciar', 'ru': 'Старт', 'ur': 'شروع کریں',
        'zh-rCN': '开始',
    }),
    'Pause': ('sw_pause_button', {
        'ar': 'إيقاف مؤقت', 'de': 'Anhalten', 'es-rUS': 'Pausa', 'fr-rCA': 'Interrompre', 'hi': 'पॉज़ करें',
        'ja': '一時停止', 'ko': '일시중지', 'pt': 'Pausar', 'pt-rPT': 'Pausa', 'ru': 'Приостановить',
        'ur': 'موقوف کریں', 'zh-rCN': '暂停',
    }),
    'Reset': ('sw_reset_button', {
        'ar': 'إعادة ضبط', 'de': 'Zurücksetzen', 'es-rUS': 'Restablecer', 'fr-rCA': 'Réinitialiser',
        'hi': 'रीसेट करें', 'ja': 'リセット', 'ko': '초기화', 'pt': 'Zerar', 'pt-rPT': 'Repor', 'ru': 'Сбросить',
        'ur': 'دوبارہ ترتیب دیں', 'zh-rCN': '重置',
    }),
    'Lap': ('sw_lap_button', {
        'ar': 'الدورة', 'de': 'Runde', 'es-rUS': 'Vuelta', 'fr-rCA': 'Intervalle', 'hi': 'लैप', 'ja': 'ラップ',
        'ko': '랩 타임', 'pt': 'Volta', 'pt-rPT': 'Volta', 'ru': 'Круг', 'ur': 'لیپ', 'zh-rCN': '一圈',
    }),
    'Delete': ('delete', {
        'ar': 'حذف', 'de': 'Löschen', 'es-rUS': 'Eliminar', 'fr-rCA': 'Supprimer', 'hi': 'हटाएं', 'ja': '削除',
        'ko': '삭제', 'pt': 'Excluir', 'pt-rPT': 'Eliminar', 'ru': 'Удалить', 'ur': 'حذف کریں', 'zh-rCN': '删除',
    }),
    'Label': ('label', {
        'ar': 'تصنيف', 'de': 'Name', 'es-rUS': 'Etiqueta', 'fr-rCA': 'Étiquette', 'hi': 'लेबल', 'ja': 'ラベル',
        'ko': '라벨', 'pt': 'Marcador', 'pt-rPT': 'Etiqueta', 'ru': 'Описание', 'ur': 'لیبل', 'zh-rCN': '标签',
    }),
    'Vibrate': ('alarm_vibrate', {
        'ar': 'اهتزاز', 'de': 'Vibrieren', 'es-rUS': 'Vibrar', 'fr-rCA': 'Vibreur', 'hi': 'कंपन',
        'ja': 'バイブレーション', 'ko': '진동', 'pt': 'Vibrar', 'pt-rPT': 'Vibrar', 'ru': 'Вибросигнал',
        'ur': 'وائبریٹ', 'zh-rCN': '振动',
    }),
    'Add timer': ('timer_add_timer', {
        'ar': 'إضافة موقت', 'de': 'Timer hinzufügen', 'es-rUS': 'Agregar temporizador',
        'fr-rCA': 'Ajouter une minuterie', 'hi': 'टाइमर जोड़ें', 'ja': 'タイマーを追加', 'ko': '타이머 추가',
        'pt': 'Adicionar timer', 'pt-rPT': 'Adicionar Temporizador', 'ru': 'Добавить таймер',
        'ur': 'ٹائمر شامل کریں', 'zh-rCN': '添加定时器',
    }),
    'No Alarms': ('no_alarms', {
        'ar': 'ليست هناك اشعارات', 'de': 'Keine Wecker', 'es-rUS': 'Sin alarmas', 'fr-rCA': 'Aucune alarme',
        'hi': 'कोई अलार्म नहीं', 'ja': 'アラームはありません', 'ko': '알람 없음', 'pt': 'Nenhum alarme',
        'pt-rPT': 'Sem alarmes', 'ru': 'Нет будильников', 'ur': 'کوئی الارمز نہیں ہیں', 'zh-rCN': '没有闹钟',
    }),
    'Alarm deleted': ('alarm_deleted', {
        'ar': 'تم حذف المنبّه.', 'de': 'Weckzeit gelöscht', 'es-rUS': 'Alarma eliminada',
        'fr-rCA': 'Alarme supprimée', 'hi': 'अलार्म हटा दिया गया', 'ja': 'アラームを削除しました',
        'ko': '알람이 삭제되었습니다.', 'pt': 'Alarme excluído', 'pt-rPT': 'Alarme eliminado',
        'ru': 'Будильник удален', 'ur': 'الارم حذف ہوگیا', 'zh-rCN': '闹钟已删除',
    }),
    'Every day': ('every_day', {
        'ar': 'كل يوم', 'de': 'Täglich', 'es-rUS': 'Todos los días', 'fr-rCA': 'Tous les jours',
        'hi': 'प्रत्येक दिन', 'ja': '毎日', 'ko': '매일', 'pt': 'Todos os dias', 'pt-rPT': 'Todos os dias',
        'ru': 'Каждый день', 'ur': 'روزانہ', 'zh-rCN': '每天',
    }),
}

CONTACTS: dict[str, Entry] = {
    'Edit contact': ('contact_editor_title_existing_contact', {
        'ar': 'تعديل جهة الاتصال', 'de': 'Kontakt bearbeiten', 'es-rUS': 'Editar contacto',
        'fr-rCA': 'Modifier le contact', 'hi': 'संपर्क में बदलाव करें', 'ja': '連絡先を編集', 'ko': '연락처 수정',
        'pt': 'Editar contato', 'pt-rPT': 'Editar contacto', 'ru': 'Изменить контакт', 'ur': 'رابطہ میں ترمیم کریں',
        'zh-rCN': '修改联系人',
    }),
    'No contacts': ('listFoundAllContactsZero', {
        'ar': 'ليست هناك جهات اتصال', 'de': 'Keine Kontakte', 'es-rUS': 'No hay contactos',
        'fr-rCA': 'Aucun contact', 'hi': 'कोई संपर्क नहीं', 'ja': '連絡先はありません', 'ko': '연락처 없음',
        'pt': 'Nenhum contato', 'pt-rPT': 'Sem contactos', 'ru': 'Нет контактов', 'ur': 'کوئی رابطے نہیں ہیں',
        'zh-rCN': '没有联系人',
    }),
    'Search contacts': ('hint_findContacts', {
        'ar': 'البحث في قائمة جهات الاتصال', 'de': 'In Kontakten suchen', 'es-rUS': 'Buscar contactos',
        'fr-rCA': 'Rechercher dans les contacts', 'hi': 'संपर्क खोजें', 'ja': '連絡先を検索', 'ko': '연락처 검색',
        'pt': 'Pesquisar contatos', 'pt-rPT': 'Pesquisar contactos', 'ru': 'Поиск в контактах',
        'ur': 'رابطے تلاش کریں', 'zh-rCN': '搜索联系人',
    }),
}

DIALER: dict[str, Entry] = {
    'dial': ('description_dial_button', {
        'ar': 'طلب', 'de': 'Wählen', 'es-rUS': 'marcar', 'fr-rCA': 'composer', 'hi': 'डायल करें', 'ja': '発信',
        'ko': '전화걸기', 'pt': 'discar', 'pt-rPT': 'marcar', 'ru': 'набор номера', 'ur': 'ڈائل کریں',
        'zh-rCN': '拨号',
    }),
    'key pad': ('dialpad_button_content_description', {

    }),
    'End call': ('incall_content_description_end_call', {
        'ar': 'إنهاء المكالمة', 'de': 'Anruf beenden', 'es-rUS': 'Finalizar llamada',
        'fr-rCA': "Mettre fin à l'appel", 'hi': 'कॉल समाप्त करें', 'ja': '通話を終了', 'ko': '통화 종료',
        'pt': 'Encerrar chamada', 'pt-rPT': 'Terminar chamada', 'ru': 'Завершить вызов', 'ur': 'کال ختم کریں',
        'zh-rCN': '结束通话',
    }),
    'Favorites': ('tab_title_speed_dial', {
        'ar': 'اتصال سريع', 'de': 'Kurzwahl', 'es-rUS': 'Marc. ráp.', 'fr-rCA': 'Comp. abr.', 'hi': 'स्पीड डायल',
        'ja': 'クイックアクセス', 'ko': '단축 다이얼', 'pt': 'Discagem rápida', 'pt-rPT': 'Marcação',
        'ru': 'Быстрый набор', 'ur': 'اسپیڈ ڈائل', 'zh-rCN': '快速拨号',
    }),
    'Recents': ('tab_title_call_history', {
        'ar': 'سجلّ المكالمات', 'de': 'Anrufliste', 'es-rUS': 'Hist. llam', 'fr-rCA': 'Appels', 'hi': 'कॉल इतिहास',
        'ja': '通話履歴', 'ko': '통화 기록', 'pt': 'Histórico', 'pt-rPT': 'Chamadas', 'ru': 'Звонки',
        'ur': 'کال کی سرگزشت', 'zh-rCN': '通话记录',
    }),
    'Contacts': ('tab_all_contacts', {
        'ar': 'جهات الاتصال', 'de': 'Kontakte', 'es-rUS': 'Contactos', 'fr-rCA': 'Contacts', 'hi': 'संपर्क',
        'ja': '連絡先', 'ko': '주소록', 'pt': 'Contatos', 'pt-rPT': 'Contactos', 'ru': 'Контакты', 'ur': 'رابطے',
        'zh-rCN': '通讯录',
    }),
}

DOCUMENTSUI: dict[str, Entry] = {
    'Show roots': ('drawer_open', {
        'ar': 'عرض الجذور', 'de': 'Root-Verzeichnis anzeigen', 'es-rUS': 'Mostrar raíces',
        'fr-rCA': 'Afficher les racines', 'hi': 'रूट दिखाएं', 'ja': 'ルートを表示する', 'ko': '루트 표시',
        'pt': 'Mostrar raízes', 'pt-rPT': 'Mostrar raízes', 'ru': 'Показать корневые папки', 'ur': 'روٹس دکھائیں',
        'zh-rCN': '显示根目录',
    }),
    'Hide roots': ('drawer_close', {
        'ar': 'إخفاء الجذور', 'de': 'Root-Verzeichnis ausblenden', 'es-rUS': 'Ocultar raíces',
        'fr-rCA': 'Masquer les racines', 'hi': 'रूट छिपाएं', 'ja': 'ルートを非表示にする', 'ko': '루트 숨기기',
        'pt': 'Ocultar raízes', 'pt-rPT': 'Ocultar raízes', 'ru': 'Скрыть корневые папки', 'ur': 'روٹس کو چھپائیں',
        'zh-rCN': '隐藏根目录',
    }),
    'Images': ('chip_title_images', {
        'ar': 'الصور', 'de': 'Bilder', 'es-rUS': 'Imágenes', 'fr-rCA': 'Images', 'hi': 'इमेज', 'ja': '画像',
        'ko': '이미지', 'pt': 'Imagens', 'pt-rPT': 'Imagens', 'ru': 'Изображения', 'ur': 'تصاویر', 'zh-rCN': '图片',
    }),
    'Audio': ('chip_title_audio', {
        'ar': 'الصوت', 'de': 'Audio', 'es-rUS': 'Audio', 'fr-rCA': 'Audio', 'hi': 'ऑडियो', 'ja': '音声',
        'ko': '오디오', 'pt': 'Áudio', 'pt-rPT': 'Áudio', 'ru': 'Аудио', 'ur': 'آڈیو', 'zh-rCN': '音频',
    }),
    'Videos': ('chip_title_videos', {
        'ar': 'الفيديوهات', 'de': 'Videos', 'es-rUS': 'Videos', 'fr-rCA': 'Vidéos', 'hi': 'वीडियो', 'ja': '動画',
        'ko': '동영상', 'pt': 'Vídeos', 'pt-rPT': 'Vídeos', 'ru': 'Видео', 'ur': 'ویڈیوز', 'zh-rCN': '视频',
    }),
    'Downloads': ('downloads_label', {
        'ar': 'عمليات التنزيل', 'de': 'Downloads', 'es-rUS': 'Descargas', 'fr-rCA': 'Téléchargements',
        'hi': 'डाउनलोड', 'ja': 'ダウンロード', 'ko': '다운로드', 'pt': 'Downloads', 'pt-rPT': 'Transferências',
        'ru': 'Скачанное', 'ur': 'ڈاؤن لوڈز', 'zh-rCN': '下载',
    }),
    'No items': ('empty', {
        'ar': 'ليس هناك أي عناصر.', 'de': 'Keine Elemente', 'es-rUS': 'Sin elementos', 'fr-rCA': 'Aucun élément',
        'hi': 'कोई आइटम नहीं', 'ja': '項目はありません', 'ko': '항목 없음', 'pt': 'Nenhum item',
        'pt-rPT': 'Sem itens', 'ru': 'Ничего нет.', 'ur': 'کوئی آئٹمز نہيں ہیں', 'zh-rCN': '无任何文件',
    }),
}

APP_LABELS: dict[str, Entry] = {
    'Settings': ('settings_label_launcher', {
        'ar': 'الإعدادات', 'de': 'Einstellungen', 'es-rUS': 'Configuración', 'fr-rCA': 'Paramètres', 'hi': 'सेटिंग',
        'ja': '設定', 'ko': '설정', 'pt': 'Configurar', 'pt-rPT': 'Definições', 'ru': 'Настройки', 'ur': 'ترتیبات',
        'zh-rCN': '设置',
    }),
    'Clock': ('app_label', {
        'ar': 'الساعة', 'de': 'Uhr', 'es-rUS': 'Reloj', 'fr-rCA': 'Horloge', 'hi': 'घड़ी', 'ja': '時計',
        'ko': '시계', 'pt': 'Relógio', 'pt-rPT': 'Relógio', 'ru': 'Часы', 'ur': 'گھڑی', 'zh-rCN': '时钟',
    }),
    'Contacts': ('applicationLabel', {
        'ar': 'جهات الاتصال', 'de': 'Kontakte', 'es-rUS': 'Contactos', 'fr-rCA': 'Contacts', 'hi': 'संपर्क',
        'ja': '連絡先', 'ko': '주소록', 'pt': 'Contatos', 'pt-rPT': 'Contactos', 'ru': 'Контакты', 'ur': 'رابطے',
        'zh-rCN': '通讯录',
    }),
    'Phone': ('applicationLabel', {
        'ar': 'الهاتف', 'de': 'Telefon', 'es-rUS': 'Teléfono', 'fr-rCA': 'Téléphone', 'hi': 'फ़ोन', 'ja': '電話',
        'ko': '전화', 'pt': 'Telefone', 'pt-rPT': 'Telemóvel', 'ru': 'Телефон', 'ur': 'فون', 'zh-rCN': '电话',
    }),
    'Files': ('files_label', {
        'ar': 'الملفات', 'de': 'Dateien', 'es-rUS': 'Archivos', 'fr-rCA': 'Fichiers', 'hi': 'Files',
        'ja': 'ファイル', 'ko': '파일', 'pt': 'Arquivos', 'pt-rPT': 'Ficheiros', 'ru': 'Файлы', 'ur': 'فائلیں',
        'zh-rCN': '文件',
    }),
    'Camera': ('app_name', {
        'ar': 'الكاميرا', 'de': 'Kamera', 'es-rUS': 'Cámara', 'fr-rCA': 'Appareil photo', 'hi': 'कैमरा',
        'ja': 'カメラ', 'ko': '카메라', 'pt': 'Câmera', 'pt-rPT': 'Câmara', 'ru': 'Камера', 'ur': 'کیمرہ',
        'zh-rCN': '相机',
    }),
    'Calendar': ('app_label', {
        'ar': 'التقويم', 'de': 'Kalender', 'es-rUS': 'Calendario', 'fr-rCA': 'Agenda', 'hi': 'कैलेंडर',
        'ja': 'カレンダー', 'ko': '캘린더', 'pt': 'Agenda', 'pt-rPT': 'Calendário', 'ru': 'Календарь',
        'ur': 'کیلنڈر', 'zh-rCN': '日历',
    }),
    'Music': ('musicbrowserlabel', {
        'ar': 'موسيقى', 'de': 'Musik', 'es-rUS': 'Música', 'fr-rCA': 'Musique', 'hi': 'संगीत', 'ja': '音楽',
        'ko': '음악', 'pt': 'Música', 'pt-rPT': 'Música', 'ru': 'Музыка', 'zh-rCN': '音乐',
    }),
}

#: The launcher label (``android:label``) of each AOSP app, by package: every localized window shows it translated.
LABEL_PACKAGES = {settings_app.PACKAGE: "Settings", deskclock.PACKAGE: "Clock", contacts.PACKAGE: "Contacts",
                  dialer.PACKAGE: "Phone", documentsui.PACKAGE: "Files", camera.PACKAGE: "Camera",
                  aosp_calendar.PACKAGE: "Calendar", music.PACKAGE: "Music"}
#: Each localized app's own strings, by package. The launcher's are only the labels.
CATALOG: dict[str, dict[str, Entry]] = {
    settings_app.PACKAGE: SETTINGS, deskclock.PACKAGE: DESKCLOCK, contacts.PACKAGE: CONTACTS,
    dialer.PACKAGE: DIALER, documentsui.PACKAGE: DOCUMENTSUI, launcher.PACKAGE: {},
    camera.PACKAGE: {}, aosp_calendar.PACKAGE: {}, music.PACKAGE: {},
}


def resource_locale(tag: str) -> str:
    """The ``values-<qualifier>`` a phone in locale ``tag`` reads the catalog's strings from ("" for the default).

    As Android's resource system: the language with the region (``es-US`` -> ``es-rUS``), then the language alone
    (``de-DE`` -> ``de``, ``ru-MD`` -> ``ru``); Simplified Chinese is ``zh-rCN``; a language AOSP has no
    translations for (``ak-GH``) gets the default strings.
    """
    parts = [p for p in re.split(r"[-_]", tag.strip()) if p]
    if not parts:
        return ""
    language = parts[0].lower()
    script = next((p.title() for p in parts[1:] if len(p) == 4 and p.isalpha()), "")
    region = next((p.upper() for p in parts[1:] if len(p) in (2, 3) and p != script), "")
    if language == "zh" and (script == "Hans" or (not script and region in ("CN", "SG", ""))):
        region = "CN"
    for qualifier in (f"{language}-r{region}" if region else "", language):
        if qualifier in RESOURCE_LOCALES:
            return qualifier
    return ""


@cache
def translator(package: str, locale: str) -> Callable[[str], str] | None:
    """How a window of ``package`` shows a string in ``locale``: the translation of the catalog string (or
    formatted string) it is, else the string itself; None where nothing is translated (English, or an app the
    catalog does not cover)."""
    qualifier = resource_locale(locale)
    own = CATALOG.get(package)
    if own is None or not qualifier:
        return None
    strings = {english: translations[qualifier] for english, (_, translations) in APP_LABELS.items()
               if qualifier in translations}
    strings.update((english, translations[qualifier]) for english, (_, translations) in own.items()
                   if qualifier in translations)
    templates = [(_regex(english), text) for english, text in strings.items() if "{}" in english]

    def translate(text: str) -> str:
        found = strings.get(text)
        if found is not None:
            return found
        for regex, translation in templates:
            match = regex.match(text)
            if match:
                return _fill(translation, match.groups())
        return text

    return translate


def translate(text: str, package: str, locale: str) -> str:
    """``text``, shown by a window of ``package``, as a phone in ``locale`` shows it (see :func:`translator`)."""
    shown = translator(package, locale)
    return text if shown is None else shown(text)


def _regex(english: str) -> re.Pattern[str]:
    """The formatted string ``english`` ("See all {} apps") as a regex, each ``{}`` a group of any text."""
    return re.compile("^" + re.escape(english).replace(r"\{\}", "(.+?)") + "$")


def _fill(template: str, values: tuple[str, ...]) -> str:
    """``template`` with its ``{}`` replaced by ``values`` in order."""
    parts = template.split("{}")
    return "".join(part + (values[i] if i < len(values) else "") for i, part in enumerate(parts[:-1])) + parts[-1]


def pattern(english: str, package: str, locale: str) -> str:
    """A regex matching the formatted string ``english`` ("See all {} apps") as ``package`` shows it in ``locale``
    (each ``{}`` any text)."""
    qualifier = resource_locale(locale)
    entry = (CATALOG.get(package) or {}).get(english)
    shown = entry[1].get(qualifier, english) if entry and qualifier else english
    return _regex(shown).pattern


__all__ = ["APP_LABELS", "CATALOG", "LABEL_PACKAGES", "RESOURCE_LOCALES", "Entry", "pattern",
           "resource_locale", "translate", "translator"]
