"""Where each benchmark file of ``ma-datasets fetch`` comes from: repository, pinned commit, path, sha256.

Each listing is in ``sha256sum`` format (``<digest>  <name>``, names relative to ``<datasets>/<benchmark>/``,
so ``sha256sum -c`` in that folder checks a copy by hand). ``paths`` maps a name, or a folder ending in
``/``, to where it lives in the repository; ``""`` is the folder of every other name.

The commits were chosen so that every file's git blob at ``<commit>:<path>`` equals the published copy
(``git rev-parse <commit>:<path>`` == ``git hash-object <file>``); each is the tip of the repository's
default branch when pinned. B-MoCA's is ``release/ver.2.5`` (its default branch), not ``main``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import quote


@dataclass(frozen=True)
class Entry:
    """One file: its name under ``<datasets>/<benchmark>/``, its path in the repository, its sha256."""

    name: str
    path: str
    sha256: str


@dataclass(frozen=True)
class Source:
    """One benchmark's files in one public GitHub repository at one commit."""

    repo: str
    commit: str
    listing: str
    paths: dict[str, str] = field(default_factory=dict)

    def path_of(self, name: str) -> str:
        """Where ``name`` lives in the repository: its own entry, else the longest matching folder, else ``""``'s."""
        if name in self.paths:
            return self.paths[name]
        folders = [f for f in self.paths if f.endswith("/") and name.startswith(f)]
        if folders:
            folder = max(folders, key=len)
            return self.paths[folder] + name[len(folder):]
        return self.paths.get("", "") + name

    @property
    def entries(self) -> tuple[Entry, ...]:
        rows = (line.split("  ", 1) for line in self.listing.strip().splitlines())
        return tuple(Entry(name, self.path_of(name), digest) for digest, name in rows)

    def url(self, entry: Entry) -> str:
        """The file's raw GitHub address at the pinned commit."""
        # B-MoCA's names carry %, ', !, ÷ and spaces: quote() encodes all but letters, digits and _.-~/
        return f"https://raw.githubusercontent.com/{self.repo}/{self.commit}/{quote(entry.path)}"


ANDROIDWORLD = Source(
    "google-research/android_world",
    "d9c569f764b3a5629321858de03ff653d0f24056",
    """
b09fcaf4fbc265223c2479c410beef2b98c5e687c78ecedf3452aa12ffc465f1  LICENSE
953ccec9987c4bd3a23178f13c77b28f315ce66f3dd57cbdbdaa1497a83403d0  information_retrieval_tasks.textproto
fd3cf23ebb26e461a961dd60ff3f011d7e6ec78c992c10babbbdb86f9dd591e1  task_metadata.json
""",
    {
        "task_metadata.json": "android_world/task_metadata.json",
        "information_retrieval_tasks.textproto": "android_world/task_evals/information_retrieval/proto/tasks.textproto",
    },
)

BMOCA = Source(
    "gimme1dollar/b-moca",
    "9c56c16ecfec1c012ec9f5804cc4ec6e5abb7877",
    """
cfc7749b96f63bd31c3c42b5c471bf756814053e847c10f3eb003417bc523d30  LICENSE
fb9208830b37317e2472c6d48a1c940ec1671a55adf1733e1e62641161b6ba03  device_property.json
4b92933fe4f4f66e71a694b579940db11bedd5ea8f153752a44e633825b06fa3  environments_test.csv
c278cc28f8a0667b7fdc6ba638704cfbe43783cd496181231c45c865087543f3  environments_train.csv
100d01bd366d2a0fe06552050906323d6cb1b320cd0499d39f038399f4bfe0d3  tasks/calculator/compute_50%_of_28_('50%28')_in_Calculator.textproto
fb54419b2f7838e9797135787864514c781330a1d21a275413c2b4596e25482e  tasks/calculator/compute_the_geometric_mean_of_3,_4,_and_5_in_Calculator.textproto
0695f2b49853992446d016640f670a5b2d15182bb838d10a1be4b902b91910bd  tasks/calculator/compute_the_harmonic_mean_of_4_and_5_in_Calculator.textproto
5208c2825303b463d2cb87fe9be1377bdad301cb7aeb12eb93c5edd8b5d87035  tasks/calculator/input_'1+1'_in_Calculator.textproto
0695f2b49853992446d016640f670a5b2d15182bb838d10a1be4b902b91910bd  tasks/calculator/input_'10!÷(2!x8!)'_in_Calculator.textproto
ea9b6ccda2729601c6ccea3c21cbb5bdbb0425a948d6d70a7f7668e0f66c3e1c  tasks/calculator/input_'17×23'_in_Calculator.textproto
ea9b6ccda2729601c6ccea3c21cbb5bdbb0425a948d6d70a7f7668e0f66c3e1c  tasks/calculator/input_'2+24÷3'_in_Calculator.textproto
5208c2825303b463d2cb87fe9be1377bdad301cb7aeb12eb93c5edd8b5d87035  tasks/calculator/input_'3×5'_in_Calculator.textproto
0695f2b49853992446d016640f670a5b2d15182bb838d10a1be4b902b91910bd  tasks/calculator/input_'5!÷(2!x3!)'_in_Calculator.textproto
ea9b6ccda2729601c6ccea3c21cbb5bdbb0425a948d6d70a7f7668e0f66c3e1c  tasks/calculator/input_'cos(180)'_in_Calculator.textproto
100d01bd366d2a0fe06552050906323d6cb1b320cd0499d39f038399f4bfe0d3  tasks/calculator/input_'cos(60)'_in_Calculator.textproto
ea9b6ccda2729601c6ccea3c21cbb5bdbb0425a948d6d70a7f7668e0f66c3e1c  tasks/calculator/input_'ln(1234)'_in_Calculator.textproto
4a1f82ca1525b58f766727ce73a71c72ae0d0b89eef9200008b036e60d59a8c7  tasks/calculator/input_1_in_Calculator.textproto
187719cc0846fcd725cc097695451fc71fe9226d20b36ae5eee05dcb17f57439  tasks/calculator/input_factorial_of_6_in_Calculator.textproto
5208c2825303b463d2cb87fe9be1377bdad301cb7aeb12eb93c5edd8b5d87035  tasks/calculator/input_square_root_of_25_in_Calculator.textproto
805fd52ea4d779100766e3a614ee3321741e002894831f247e7f6d7b265f92bd  tasks/calculator/input_the_formula_for_computing_sum_of_the_first_5_Fibonacci_numbers_in_Calculator.textproto
cba03a947cb7a6891d73b398411608b1462cfaabd41ff3c8477df5fe9bda0d45  tasks/calculator/input_the_formula_for_computing_sum_of_the_first_5_prime_numbers_in_Calculator.textproto
805fd52ea4d779100766e3a614ee3321741e002894831f247e7f6d7b265f92bd  tasks/calculator/input_the_formula_for_converting_45_degrees_to_radians_('45xπ÷180')_in_Calculator.textproto
87ff4b07978fd4f1d9066763a8a7bc18f4101f5f3aef852ce75ed20c603fe7dc  tasks/calculator/open_Calculator.textproto
dfef81c71d53fcce74cec50ae56e5117c6f09409b000c3bc1aefe4124a1392e7  tasks/calendar/open_the_calendar_app.textproto
c23a6890eb2169fd0e9d550a1011a0b58179023246cdace13dbd8d0130985692  tasks/camera/open_the_camera_app.textproto
7176643f48f846d393818297ab463ecc2cc5301fc0e1fbf9e070e6f71f36050a  tasks/chrome/go_to_search_history_in_Chrome.textproto
830c80e3441241801efb983f446132bd4571ef6a4e956fbcd37ea8814566e47a  tasks/chrome/open_Chrome.textproto
37e907ee07ff2165f705f10c76a845fa04a0b1af3215d808bd2e868df2d13e14  tasks/chrome/open_a_new_tab_in_Chrome.textproto
2b5b68eff0dc7b631d3f79c1bd72d637010300f4b860b2d45f9190d5cffe149a  tasks/clock/create_alarm_at_06:30_am.textproto
d608d3ef0eba23e831736586dae89aa4b99b4ad25909d6c21259aba9f1086996  tasks/clock/create_alarm_at_10:30_am.textproto
4a75c1a0a1b155d48a3dfdc7d9befb30d32227fd62dcddd564e36999cd42f25b  tasks/clock/create_alarm_at_10:30_am_in_clock_and_increase_alarm_volume_in_setting.textproto
cba03a947cb7a6891d73b398411608b1462cfaabd41ff3c8477df5fe9bda0d45  tasks/clock/create_alarm_at_10:30_am_on_every_midweek.textproto
cba03a947cb7a6891d73b398411608b1462cfaabd41ff3c8477df5fe9bda0d45  tasks/clock/create_alarm_at_10:30_am_on_every_weekday.textproto
0695f2b49853992446d016640f670a5b2d15182bb838d10a1be4b902b91910bd  tasks/clock/create_alarm_at_10:30_am_on_every_weekend.textproto
5a6872e87a123676c4834fbceb94f29270e241c3db2a13ec7abb924698f18ba5  tasks/clock/create_alarm_at_13:30_pm.textproto
4a75c1a0a1b155d48a3dfdc7d9befb30d32227fd62dcddd564e36999cd42f25b  tasks/clock/create_alarm_at_13:30_pm_and_another_alarm_2_hours_after_it.textproto
b82168f96ac8858268c99624757ede0bc90f9708f3717ec81d73e04b470ad61f  tasks/clock/create_alarm_at_13:30_pm_and_another_alarm_2_hours_before_it.textproto
7f26c4fd40ebde6f0aba9119f285bba6976077a8830a8bc6f0b26370d288cf08  tasks/clock/create_alarm_at_13:30_pm_in_clock_and_increase_alarm_volume_in_setting.textproto
b82168f96ac8858268c99624757ede0bc90f9708f3717ec81d73e04b470ad61f  tasks/clock/create_alarm_at_13:30_pm_on_every_weekday.textproto
0794f6e1cc9db42c38a6d18f5aab24075cac43042001c65463269ab7893f1fde  tasks/clock/create_alarm_at_13:30_pm_on_every_weekend.textproto
0794f6e1cc9db42c38a6d18f5aab24075cac43042001c65463269ab7893f1fde  tasks/clock/create_alarm_at_13:30_pm_on_every_weekend_and_increase_alarm_volume_in_setting.textproto
79316175f94cedf15bde7471a74055302d851405dc4ec1608bcd245ed27ab52c  tasks/clock/create_alarm_at_17:30_pm.textproto
2bcc9513ea98d0d0f8c1fc7034fe0da1448eb5a86a0d788127d789ac38322dd2  tasks/clock/create_alarm_at_20:30_pm.textproto
21707cf736099a6cd3ab8321a1cfdb0f5c834fa57181c80f14f09921c8ec4598  tasks/clock/create_alarm_at_23:30_pm.textproto
4a436acd5cc0ad176ab7f33cfe6a02f0e3c3050f253b5eea5712d396aa577b06  tasks/clock/delete_alarm_at_9_am.textproto
044a04eb2ff2b38c064d183ea2e1752248b8896bfb767b5675e8a090835e6266  tasks/clock/delete_alarm_at_9_am_and_create_alarm_at_10:30_am.textproto
939c854e48d7003dd087d8fd2693d22a3d836148f33202691f03002916e0a8fa  tasks/clock/go_to_the_alarm_page_in_clock.textproto
0e9ea7caf7bbc517e7db4412f2e49172d890106723d866d97a1b908d1cd17d8d  tasks/clock/go_to_the_stopwatch_page_in_clock.textproto
c29f051c237639a6ff8fde05ab25125bfb21c7a7be990f95958521a8211a9449  tasks/clock/go_to_the_timer_page_in_clock.textproto
6cdaf35cf56698ce5977c9b2248eee8c5dea4cb44386bba8ecc6b9c5acc51028  tasks/clock/open_the_clock_app.textproto
0fc127acf2f6fc4cadf170c4c08e739dff75955daf08a2b9a249d1784b39b783  tasks/clock/start_the_stopwatch_in_clock.textproto
77cdf38272368fe19f875d0dd0ba19738ab730ba7e7974edbc683e4b35ee9d4e  tasks/clock/turn_on_alarm_at_9_am.textproto
c1918ca080f15294eabe3269ec1b8ccc3975907ddfa6eb1383df5fa98603fd47  tasks/clock/turn_on_alarm_at_9_am_in_clock_and_increase_alarm_volume_in_setting.textproto
909fbc498a0b1086da7fed0d64dfd685f3cfa685ff46041b43f27f6ee73336c1  tasks/contacts/activate_the_edit_page_in_contact.textproto
7e3a873623a40975a5204b840b495567ef0ea1799579ec58e1e02b724d654963  tasks/contacts/activate_the_insert_page_in_contact.textproto
1ccb84fd83527b8d318a4215c47b160c0eeb44582937bcdc3ed86542540f411b  tasks/contacts/open_the_contact_app.textproto
1706a12a6f64206c15c973eb08fb04e375afce0d7abc1aa8af83f96af7a781b9  tasks/files/list_audio_files_in_file_manager.textproto
b277b360a6b08e208fa5f0784db588ec14a4dbb6e45cd42191cf582508afa461  tasks/files/list_download_files_in_file_manager.textproto
73bd8c7bf03f53416eae1e31a92d15ff85ce7b29d7a997264cc934ef0f920c22  tasks/files/list_image_files_in_file_manager.textproto
b8108f27cb015733e3802c15ff531aeb225147d5c04ffa12d3f4566e83c97ea5  tasks/files/list_video_files_in_file_manager.textproto
a8665b5b2236fd8b3c137d3f751a753d18d0b0538504d9f714aad4f449d7b735  tasks/files/open_the_file_manager_app.textproto
844c89aa37e96af9db2db560f9969b29889ad253476901806696fda1ee08b231  tasks/gmail/open_Gmail.textproto
4a1f82ca1525b58f766727ce73a71c72ae0d0b89eef9200008b036e60d59a8c7  tasks/instagram/go_to_my_profile_in_Instagram.textproto
4a1f82ca1525b58f766727ce73a71c72ae0d0b89eef9200008b036e60d59a8c7  tasks/instagram/go_to_reels_tab_in_Instagram.textproto
4a1f82ca1525b58f766727ce73a71c72ae0d0b89eef9200008b036e60d59a8c7  tasks/instagram/go_to_search_tab_in_Instagram.textproto
87ff4b07978fd4f1d9066763a8a7bc18f4101f5f3aef852ce75ed20c603fe7dc  tasks/instagram/open_Instagram.textproto
b80650cc42fee98201c09865c27a511e03d5f85a988622acf2c266b67fe26f4e  tasks/maps/open_the_map_app.textproto
aee3405a4c3162128b3db9fb797ae7b3194f4b55004d7e8d707686b14dd7f6c5  tasks/messages/open_the_message_app.textproto
9869ee820630f06fe51c8b54fa82a8bdee37170e4cc3f6cf957ae00acbb4b108  tasks/messages/start_chatting_in_message.textproto
5b9b1aad05476fa1554da8e5ec3466e582994e8656bb40b955dede578797b851  tasks/phone/call_11489.textproto
b79962c6a523a1ded037044caed93198f7acd6173198ed3137ddfb5544bd11a2  tasks/phone/call_123-4578.textproto
b79962c6a523a1ded037044caed93198f7acd6173198ed3137ddfb5544bd11a2  tasks/phone/call_223-4458.textproto
32f8572862b088a92bf36d67ca3df0f763d1d8fb33a81f2174bb6300ed54f8de  tasks/phone/call_26-445-1193.textproto
70eaf70741f695dc305f8c46ee4663e52d3a371b436288b1a949d37307580db3  tasks/phone/call_311311.textproto
b79962c6a523a1ded037044caed93198f7acd6173198ed3137ddfb5544bd11a2  tasks/phone/call_402-7717.textproto
b79962c6a523a1ded037044caed93198f7acd6173198ed3137ddfb5544bd11a2  tasks/phone/call_766-3394.textproto
cc92ac5b2c878f7795b38c9143444520beea20ee0410a9b7fb30e1366e694e62  tasks/phone/call_911.textproto
b79962c6a523a1ded037044caed93198f7acd6173198ed3137ddfb5544bd11a2  tasks/phone/call_987-6654.textproto
bb53a21d8f23226c38136a07140496ff171fecc0a4ba5db490b2428e8a1dd725  tasks/phone/call_the_US_national_contact_center_(800-333-4636).textproto
5be3b35f27d270fe5cf2fe15ab4fccfe76fa17db56a7735336f87893a46fba38  tasks/phone/call_the_national_weather_service_(301-713-0622).textproto
5be3b35f27d270fe5cf2fe15ab4fccfe76fa17db56a7735336f87893a46fba38  tasks/phone/call_the_social_security_administration_(800-772-1213).textproto
39f18c0f17f012fa95367116eed226e33739a12dcd8a682b6b05458f8d96105e  tasks/phone/call_the_white_house_(202-456-1111).textproto
5dfe7c6400c0cea2b7b7d07a2f3773d968e48f7adddd16f9ff8d058da671721a  tasks/phone/open_the_phone_app.textproto
5a488a6c21102656dda5ea49b60d58c89d88a96a0ad1bdc9577900098c4fd6c1  tasks/photos/open_the_photos_app.textproto
bcb7e5a88d380d94671c86088061fbba323e9bc30f4d99ef6981271f926d1fe3  tasks/settings/decrease_the_screen_brightness_in_setting.textproto
fe8cd0ad95a0831bd599fae6dc87ab277dc0acd66ff0a972857c856f3358643f  tasks/settings/go_to_app_info_list_in_setting.textproto
ce493c99656833b9ade51357d74c0118b1040ea7fbfa9ae2bbee459c3a5f9e63  tasks/settings/go_to_bluetooth_setting.textproto
bc22886f5c77765852eabfb2fdb868f6c2fbf36d4005bd5ebb86b369c84476e9  tasks/settings/go_to_the_'add_a_language'_page_in_setting.textproto
8c7ffa858b68cce831242c68d4a3e6c558c90612123c4f8ee6f0f5d25c6dbc10  tasks/settings/increase_alarm_volume_in_setting.textproto
b6ddf60c94fde20593b8436f12545f6385558d202d7caa6e56b789c413dd6e68  tasks/settings/increase_call_volume_in_setting.textproto
e074120d4985756b49ec1b287fa6dcff0bf181660884b1dc209f53739f78ca96  tasks/settings/increase_media_volume_in_setting.textproto
3a00d563d83767e7cd5c2503876e6eb982709a36ff7d0f9955cfc0ef9e565d35  tasks/settings/increase_ring_volume_in_setting.textproto
8ed6e372d9819aaf3da60726077324ef037e3a574d8805bd67180c5f4e3c1a85  tasks/settings/open_the_setting_app.textproto
d27d19d36525faf153a58ba110ef4f8b39a112343b1da97aad95f106bc900c1b  tasks/settings/toggle_dark_theme_in_setting.textproto
5d430d0b558a4ca5b56d06ab807819802addb151eb2f8a8c9f578aa3afaa2922  tasks/settings/toggle_vibrate_for_calls_in_setting.textproto
14c2ecb61e3958e12f587272e115f3f983f9ebe922e4e298d7e57516a0b98b3f  tasks/settings/turn_off_airplane_mode.textproto
6bf7dac9b7439432d9468eb1294e449da44cba52faecd1c8ebe351ec15b66863  tasks/settings/turn_off_wifi.textproto
dfdd57955df70d6069dba64960c3907ba482964d7e3ef9b94446d111541ec583  tasks/settings/turn_on_airplane_mode.textproto
701af41dc34f25c9d5efcf52258d8298bdbf73c62fc77b1c4bbc8c5ac0844c66  tasks/settings/turn_on_wifi.textproto
805fd52ea4d779100766e3a614ee3321741e002894831f247e7f6d7b265f92bd  tasks/snapseed/apply_noire_S03_filter_to_an_image_after_setting_dark_theme_in_Snapseed.textproto
cba03a947cb7a6891d73b398411608b1462cfaabd41ff3c8477df5fe9bda0d45  tasks/snapseed/apply_noire_S03_filter_to_an_image_after_setting_format_quality_to_JPG_100%_in_Snapseed.textproto
cba03a947cb7a6891d73b398411608b1462cfaabd41ff3c8477df5fe9bda0d45  tasks/snapseed/apply_noire_S03_filter_to_an_image_after_setting_image_sizing_to_2000_px_in_Snapseed.textproto
87ff4b07978fd4f1d9066763a8a7bc18f4101f5f3aef852ce75ed20c603fe7dc  tasks/snapseed/open Snapseed.textproto
ea9b6ccda2729601c6ccea3c21cbb5bdbb0425a948d6d70a7f7668e0f66c3e1c  tasks/snapseed/open_image_and_apply_noir_S03_filter_in_Snapseeed.textproto
187719cc0846fcd725cc097695451fc71fe9226d20b36ae5eee05dcb17f57439  tasks/snapseed/open_image_and_apply_portrait_filter_in_Snapseed.textproto
100d01bd366d2a0fe06552050906323d6cb1b320cd0499d39f038399f4bfe0d3  tasks/snapseed/open_image_and_go_to_tools_tab_in_Snapseed.textproto
be06589e7ffd5e02f72547a5afae6dc7cf0d63ee9bd4587afb249679bd742c20  tasks/snapseed/open_image_in_Snapseed.textproto
187719cc0846fcd725cc097695451fc71fe9226d20b36ae5eee05dcb17f57439  tasks/snapseed/set_dark_theme_in_Snapseed.textproto
100d01bd366d2a0fe06552050906323d6cb1b320cd0499d39f038399f4bfe0d3  tasks/snapseed/set_format_quality_to_JPG_100%_in_Snapseed.textproto
100d01bd366d2a0fe06552050906323d6cb1b320cd0499d39f038399f4bfe0d3  tasks/snapseed/set_image_sizing_to_2000_px.textproto
4a1f82ca1525b58f766727ce73a71c72ae0d0b89eef9200008b036e60d59a8c7  tasks/walmart/go_to_account_tab_in_Walmart.textproto
187719cc0846fcd725cc097695451fc71fe9226d20b36ae5eee05dcb17f57439  tasks/walmart/go_to_grocery_category_and_show_subcategories_in_Walmart.textproto
4a1f82ca1525b58f766727ce73a71c72ae0d0b89eef9200008b036e60d59a8c7  tasks/walmart/go_to_my_cart_in_Walmart.textproto
4a1f82ca1525b58f766727ce73a71c72ae0d0b89eef9200008b036e60d59a8c7  tasks/walmart/go_to_my_items_tab_in_Walmart.textproto
4a1f82ca1525b58f766727ce73a71c72ae0d0b89eef9200008b036e60d59a8c7  tasks/walmart/go_to_search_tab_in_Walmart.textproto
4a1f82ca1525b58f766727ce73a71c72ae0d0b89eef9200008b036e60d59a8c7  tasks/walmart/go_to_services_tab_in_Walmart.textproto
187719cc0846fcd725cc097695451fc71fe9226d20b36ae5eee05dcb17f57439  tasks/walmart/go_to_store_map_in_Walmart.textproto
87ff4b07978fd4f1d9066763a8a7bc18f4101f5f3aef852ce75ed20c603fe7dc  tasks/walmart/open_Walmart.textproto
b94c8251785e28af03b8cfab527d4f10e3c05b0682c978c547428ead8b13f667  tasks/wikipedia/decrease_the_text_size_to_50%_in_Wikipedia.textproto
39f18c0f17f012fa95367116eed226e33739a12dcd8a682b6b05458f8d96105e  tasks/wikipedia/disable_featured_article_feed,_decrease_the_text_size_to_50%,_and_return_to_the_feed_on_Wikipedia.textproto
c6813ff73bd63549da2405f9dd41f1e86bf7b86748dda1cc3dd0d37cdf32b38f  tasks/wikipedia/disable_featured_article_feed,_increase_the_text_size_to_180%,_and_return_to_the_feed_on_Wikipedia.textproto.textproto
b94c8251785e28af03b8cfab527d4f10e3c05b0682c978c547428ead8b13f667  tasks/wikipedia/disable_the_'show_link_previews',_'top_read'_feed_settings,_and_return_to_the_feed_on_Wikipedia_.textproto
ea9b6ccda2729601c6ccea3c21cbb5bdbb0425a948d6d70a7f7668e0f66c3e1c  tasks/wikipedia/disable_the_top_1_and_'randomizer'_topics_in_the_feed_customization_settings_on_Wikipedia_and_go_back_to_the_feed.textproto
b94c8251785e28af03b8cfab527d4f10e3c05b0682c978c547428ead8b13f667  tasks/wikipedia/disable_the_top_2_and_'randomizer'_topics_in_the_feed_customization_settings_on_Wikipedia_and_go_back_to_the_feed.textproto
ea9b6ccda2729601c6ccea3c21cbb5bdbb0425a948d6d70a7f7668e0f66c3e1c  tasks/wikipedia/disable_the_top_2_topics_in_the_feed_customization_settings_on_Wikipedia_and_go_back_to_the_feed.textproto
3c961eb5cb03ab29d2a615a0af1fdec0058515a7ace110c14bf2646633a89d75  tasks/wikipedia/disable_the_topics_that_are_related_to_'history'_in_the_feed_customization_settings_on_Wikipedia_and_go_back_to_the_feed.textproto
805fd52ea4d779100766e3a614ee3321741e002894831f247e7f6d7b265f92bd  tasks/wikipedia/disable_the_topics_that_include_'day'_in_their_names_in_the_feed_customization_settings_on_Wikipedia_and_go_back_to_the_feed.textproto
cba03a947cb7a6891d73b398411608b1462cfaabd41ff3c8477df5fe9bda0d45  tasks/wikipedia/disable_the_topics_with_even-numbered_indices_in_the_feed_customization_settings_on_Wikipedia_and_go_back_to_the_feed.textproto
805fd52ea4d779100766e3a614ee3321741e002894831f247e7f6d7b265f92bd  tasks/wikipedia/disable_the_topics_with_odd-numbered_indices_in_the_feed_customization_settings_on_Wikipedia_and_go_back_to_the_feed.textproto
cba03a947cb7a6891d73b398411608b1462cfaabd41ff3c8477df5fe9bda0d45  tasks/wikipedia/disable_the_topics_with_prime-numbered_indices_in_the_feed_customization_settings_on_Wikipedia_and_go_back_to_the_feed.textproto
4a1f82ca1525b58f766727ce73a71c72ae0d0b89eef9200008b036e60d59a8c7  tasks/wikipedia/go_to_saved_tab_in_Wikipedia.textproto
4a1f82ca1525b58f766727ce73a71c72ae0d0b89eef9200008b036e60d59a8c7  tasks/wikipedia/go_to_search_tab_in_Wikipedia.textproto
0695f2b49853992446d016640f670a5b2d15182bb838d10a1be4b902b91910bd  tasks/wikipedia/increase_the_text_size_to_180%_in_Wikipedia.textproto
87ff4b07978fd4f1d9066763a8a7bc18f4101f5f3aef852ce75ed20c603fe7dc  tasks/wikipedia/open_Wikipedia.textproto
8b43a9c84110ea0ec078aa4afd7d97179eeb0bd1463bd3a426ff73b8ff2e7994  tasks/youtube/open_Youtube.textproto
""",  # noqa: E501
    {"LICENSE": "LICENSE", "tasks/": "asset/tasks/", "": "asset/environments/config/"},
)

ANDROIDARENA = Source(
    "AndroidArenaAgent/AndroidArena",
    "c06a141557ef310a9f3a3aeef9e7535ba0747087",
    """
df74d6263d89c29e3c5ba279f69567bd253edb58f18fffa9700b0f09ee5e5224  MTG.py
4f9bdebca0904842e3dc2fdfc497956f005bce46080589d7b08b85a0cd3dd7c0  calendar.yaml
107274142a4d8cc1757f594edc18f64f0f614fe6393fedc0b9ef671f45f6b08c  camera.yaml
357a832f6daf5120379bbdffe48be7d12657b7f45e5238632c28d5a5884467d4  clock.yaml
596bc8ac7a7477b451e66985e3f1615cc1cd2ed3c14dc384756166b9f7cdca82  constrain.yaml
d59252a1d797870b23281ed8c6e0068fb708b93d9f22a3ae3320e7b01b4b6e75  contacts.yaml
320d4ec670c905ea5f823f5f92076f268ca2c8013c43f4cc99fc511dd4e2b516  cross-app.yaml
93f63c119a84cee5e47bf85d6d3fb1fd1c4fffbefadb9c25c3600220c0c7edf9  firefox.yaml
5a96461b5b711e932bbc3435e9a87892b03be4952a7b574d35f4aa0c5a32feb4  gmail.yaml
dda5dfce2380f52d2a8341215591de49b660ade3d19be28b37b50504eb91c2cd  google-drive.yaml
0768403ed5fad57420056e4c3ba4bbfdeba76f77673cd2981672e6793d477c46  google-maps.yaml
9cf14e2d9d4c0fbcf0c4c8bc86a75540a990d00da2e21f394f6489914f9ff0ca  messages.yaml
7a4e85fd7c9dce39cd2709737c67158f76ee7b7b30330b030441ca75d363e7ea  photos.yaml
94b7cde8f60b0b1dacfe13ed21d7c8b93993e099404ed2b18f9e7b0654b037ff  settings.yaml
809d0f87387d1d75f4ffebe73b9f01ec1385cca77b60e36797afe0ff252d2bdb  slack.yaml
c6ee3821504097c8da1346761b2c2be1f5c160265ba54fd7100f2b8507e2e191  weather.yaml
30246fadfb575ec5ad6067b0b06dd9c6436b38a4aa0bf403fcccea4225ced890  youtube.yaml
""",
    {"": "tasks/"},
)

#: AndroidArena's evaluator itself, a dataset of its own (``ma-datasets fetch androidarena-evaluator``): the tests
#: that run its ``eval_constrain`` on the project's episodes use it where it is fetched, and skip without it.
ANDROIDARENA_EVALUATOR = Source(
    "AndroidArenaAgent/AndroidArena",
    "c06a141557ef310a9f3a3aeef9e7535ba0747087",
    """
257c42e980a0b14bd74bfcc381a0ecbef2b538c0f1cc1a94d22925efe354fb8e  run_evaluator.py
""",
    {"": ""},
)

MOBILEBENCH = Source(
    "XiaoMi/MobileBench",
    "4360ca869bfdd9470b97e1c5a75943c0fd5b9a19",
    """
d642832150981d993726e3284767cba4ed15cf27d6689a9d19ee05688e132ee0  LICENSE
c8de1419d8c1240cb0c83df7f642564f51abd7323a531edd16e7009a2721fb7a  api_list.json
4008542598f595e24e3c7c9be9105fe7e2dc61895c30adab368579e247634ce0  app_list_MIUI.json
d4f569b7b9a9051213589bf06662d210b2c31e805c9492de99435c658f918665  s_app_s_step.json
""",
    {"api_list.json": "agent_for_api/api_list.json", "s_app_s_step.json": "data/s_app_s_step.json"},
)

#: Benchmark name -> its source, in the order ``ma-datasets`` lists them.
SOURCES: dict[str, Source] = {
    "androidworld": ANDROIDWORLD,
    "bmoca": BMOCA,
    "androidarena": ANDROIDARENA,
    "mobilebench": MOBILEBENCH,
    "androidarena-evaluator": ANDROIDARENA_EVALUATOR,
}

__all__ = ["SOURCES", "Entry", "Source"]
